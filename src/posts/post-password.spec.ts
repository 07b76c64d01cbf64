import { hashPostPassword, postPasswordMatches } from './post-password';

describe('post passwords', () => {
  it('matches the password it was made from and nothing else', async () => {
    const stored = await hashPostPassword('open sesame');

    expect(stored).not.toContain('open sesame');
    await expect(postPasswordMatches(stored, 'open sesame')).resolves.toBe(true);
    await expect(postPasswordMatches(stored, 'open sesame ')).resolves.toBe(false);
    await expect(postPasswordMatches(stored, '')).resolves.toBe(false);
  });

  it('salts each hash, and a malformed stored value matches nothing', async () => {
    const [first, second] = await Promise.all([hashPostPassword('x'), hashPostPassword('x')]);

    expect(first).not.toBe(second);
    await expect(postPasswordMatches('plain', 'plain')).resolves.toBe(false);
  });
});
