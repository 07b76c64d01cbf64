import { ConfigurationError, loadConfig } from './load-config';

describe('loadConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    const sut = loadConfig({}, null);

    expect(sut).toMatchObject({
      PORT: 3000,
      SQLITE_PATH: 'data/calendar.sqlite',
      SITE_TIMEZONE: 'UTC',
      DEFAULT_LANGUAGE: 'en',
      AUTH_ROLE_CLAIM: 'role',
      API_PREFIX: '',
    });
    expect(sut.DATABASE_URL).toBeUndefined();
  });

  it('reads values and ignores unknown variables', () => {
    const sut = loadConfig(
      { PORT: '8080', SITE_TIMEZONE: 'Europe/Madrid', DEFAULT_LANGUAGE: 'ca', HOME: '/root' },
      null,
    );

    expect(sut).toMatchObject({
      PORT: 8080,
      SITE_TIMEZONE: 'Europe/Madrid',
      DEFAULT_LANGUAGE: 'ca',
    });
  });

  it.each([
    ['PORT', 'http'],
    ['SITE_TIMEZONE', 'Mars/Base'],
    ['DEFAULT_LANGUAGE', 'fr'],
    ['DATABASE_URL', 'postgres://x/y'],
    ['PUBLIC_URL', 'not a url'],
    ['AUTH_JWT_SECRET', 'too-short'],
    ['AUTH_JWKS_URL', 'keys.json'],
    ['CORS_ORIGINS', 'https://app.example.com/path'],
    ['CORS_ORIGINS', 'app.example.com'],
  ])('refuses to start with a bad %s, naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value }, null)).toThrow(ConfigurationError);
    expect(() => loadConfig({ [name]: value }, null)).toThrow(
      new RegExp(`${name} \\(got "${value}"\\)`),
    );
  });

  it('accepts a long secret and origin lists, with or without a wildcard', () => {
    const sut = loadConfig(
      {
        AUTH_JWT_SECRET: 'a'.repeat(32),
        CORS_ORIGINS: 'https://app.example.com, http://localhost:5173/',
      },
      null,
    );

    expect(sut.AUTH_JWT_SECRET).toHaveLength(32);
    expect(loadConfig({ CORS_ORIGINS: '*' }, null).CORS_ORIGINS).toBe('*');
  });
});
