import { corsOptions, EXPOSED_HEADERS } from './web-defaults';

describe('corsOptions', () => {
  it('is off when no origin is configured', () => {
    expect(corsOptions(undefined)).toBeNull();
    expect(corsOptions(' , ')).toBeNull();
  });

  it('lets listed origins read with credentials, trailing slashes trimmed', () => {
    expect(corsOptions('https://a.test/, https://b.test')).toMatchObject({
      origin: ['https://a.test', 'https://b.test'],
      credentials: true,
      exposedHeaders: EXPOSED_HEADERS,
    });
  });

  it('never pairs the wildcard with credentials', () => {
    expect(corsOptions('*')).toMatchObject({ origin: '*', credentials: false });
  });
});
