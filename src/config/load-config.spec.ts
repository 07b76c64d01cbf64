import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
    ['RATE_LIMIT_MAX', 'many'],
    ['RATE_LIMIT_MAX', '-1'],
    ['MAX_BODY_BYTES', '10'],
    ['REQUEST_TIMEOUT_MS', '1.5'],
    ['DATABASE_POOL_SIZE', '0'],
    ['DATABASE_SEARCH_CONCURRENCY', '0'],
    ['TRUST_PROXY', 'yes please'],
    ['TRUST_PROXY', 'maybe'],
    ['TRUST_PROXY', 'loopback, 10.0.0.0/33'],
    ['WEBHOOK_ALLOWED_NETWORKS', 'receiver.internal, 10.0.0.0/40'],
    ['WEBHOOK_ALLOWED_NETWORKS', 'http://receiver.internal'],
    ['METRICS_TOKEN', 'short'],
  ])('refuses to start with a bad %s, naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value }, null)).toThrow(ConfigurationError);
    expect(() => loadConfig({ [name]: value }, null)).toThrow(
      new RegExp(`${name} \\(got "${value}"\\)`),
    );
  });

  it('accepts every form of TRUST_PROXY Express takes, and allow-lists of hosts and networks', () => {
    for (const value of [
      'true',
      '2',
      'loopback, 10.0.0.0/8',
      '192.168.1.1/255.255.255.0, ::1/128',
    ]) {
      expect(loadConfig({ TRUST_PROXY: value }, null).TRUST_PROXY).toBe(value);
    }
    const allowed = 'receiver.internal, 10.20.0.0/16, ::1, fd00::/8';
    expect(loadConfig({ WEBHOOK_ALLOWED_NETWORKS: allowed }, null).WEBHOOK_ALLOWED_NETWORKS).toBe(
      allowed,
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

  it('gives the operational defaults: limits, caching, shutdown, proxies on private networks trusted, no replicas', () => {
    const sut = loadConfig({}, null);

    expect(sut).toMatchObject({
      DATABASE_REPLICA_URLS: [],
      DATABASE_POOL_SIZE: 10,
      DATABASE_SEARCH_CONCURRENCY: 2,
      TRUST_PROXY: 'loopback, linklocal, uniquelocal',
      RATE_LIMIT_MAX: 600,
      RATE_LIMIT_WINDOW_SECONDS: 60,
      MAX_BODY_BYTES: 1048576,
      MAX_URL_BYTES: 8192,
      REQUEST_TIMEOUT_MS: 30000,
      CACHE_MAX_AGE: 0,
      SHUTDOWN_GRACE_MS: 5000,
    });
    expect(sut.METRICS_TOKEN).toBeUndefined();
  });

  it('treats an empty variable as unset: its default applies, or the .env file fills it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'calendar-env-'));
    const envFile = join(dir, '.env');
    writeFileSync(envFile, 'LOG_LEVEL=debug\nSITE_TIMEZONE=\n');
    try {
      const sut = loadConfig(
        {
          LOG_LEVEL: '',
          SITE_TIMEZONE: ' ',
          TRUST_PROXY: '',
          RATE_LIMIT_MAX: '',
          PORT: '',
          DATABASE_REPLICA_URLS: '',
          SQLITE_PATH: '',
          METRICS_TOKEN: '',
        },
        envFile,
      );

      expect(sut).toMatchObject({
        LOG_LEVEL: 'debug',
        SITE_TIMEZONE: 'UTC',
        TRUST_PROXY: 'loopback, linklocal, uniquelocal',
        RATE_LIMIT_MAX: 600,
        PORT: 3000,
        DATABASE_REPLICA_URLS: [],
        SQLITE_PATH: 'data/calendar.sqlite',
      });
      expect(sut.METRICS_TOKEN).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads replica URLs as a comma list, and refuses them without a primary', () => {
    const primary = 'mysql://app:pw@db-1:3306/calendar';
    const replicas = 'mysql://app:pw@db-2:3306/calendar, mariadb://app:pw@db-3:3306/calendar';

    expect(
      loadConfig({ DATABASE_URL: primary, DATABASE_REPLICA_URLS: replicas }, null)
        .DATABASE_REPLICA_URLS,
    ).toEqual(['mysql://app:pw@db-2:3306/calendar', 'mariadb://app:pw@db-3:3306/calendar']);
    expect(() => loadConfig({ DATABASE_REPLICA_URLS: replicas }, null)).toThrow(
      /DATABASE_REPLICA_URLS: replicas need their primary in DATABASE_URL/,
    );
    expect(() =>
      loadConfig({ DATABASE_URL: primary, DATABASE_REPLICA_URLS: 'db-2:3306' }, null),
    ).toThrow(/DATABASE_REPLICA_URLS/);
  });
});
