import { cacheControl } from './cache-headers';

describe('cacheControl', () => {
  it('lets caches keep anonymous reads, revalidating when there is no max-age', () => {
    expect(cacheControl('GET', false, 0)).toBe('public, no-cache');
    expect(cacheControl('HEAD', false, 0)).toBe('public, no-cache');
    expect(cacheControl('GET', false, 300)).toBe('public, max-age=300');
  });

  it('keeps reads with a token private, whatever the max-age', () => {
    expect(cacheControl('GET', true, 300)).toBe('private, no-cache');
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('keeps %s answers out of caches', (method) => {
    expect(cacheControl(method, false, 300)).toBe('no-store');
  });
});
