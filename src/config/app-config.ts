import { Transform } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  Validate,
  ValidateBy,
  ValidatorConstraint,
  ValidatorConstraintInterface,
} from 'class-validator';
import { resolveZone } from '../common/dates/zones';
import { allowedNetworks } from '../common/net/allowed-networks';
import { isTrustProxySetting } from '../common/http/limits';
import { LANGUAGES, Language } from '../common/i18n/language';

@ValidatorConstraint({ name: 'timeZone' })
class TimeZoneConstraint implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'string' && resolveZone(value) !== null;
  }

  defaultMessage(): string {
    return 'must be an IANA time zone name such as Europe/Madrid, or an offset such as UTC+2';
  }
}

/**
 * A number from the environment. (Transforms see only set values: `loadConfig` drops empty ones
 * and an unset variable keeps the property's default.)
 */
const integer = ({ value }: { value: unknown }): unknown => Number(value);

/** A MySQL or MariaDB URL: `mysql://user:password@host:3306/name`. */
const MYSQL_URL = /^(mysql|mariadb):\/\/[^/]+\/[^/?]+(\?.*)?$/;

/**
 * The service's configuration, read from the environment (and `.env`) and validated at start.
 * Names follow README.md#configuration.
 */
export class AppConfig {
  @Transform(integer)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 3000;

  @IsOptional()
  @Matches(MYSQL_URL, { message: 'must look like mysql://user:password@host:3306/name' })
  DATABASE_URL?: string;

  /** Read replicas of `DATABASE_URL`: GET requests read from them (comma-separated URLs). */
  @Transform(({ value }: { value: unknown }) =>
    String(value)
      .split(',')
      .map((url) => url.trim()),
  )
  @Matches(MYSQL_URL, {
    each: true,
    message: 'must be a comma-separated list of URLs like mysql://user:password@host:3306/name',
  })
  DATABASE_REPLICA_URLS: string[] = [];

  /** Connections per MySQL pool (the primary's, and each replica's). */
  @Transform(integer)
  @IsInt()
  @Min(1)
  @Max(1000)
  DATABASE_POOL_SIZE = 10;

  /**
   * Event searches that read the database at once, per instance. A search's full-text match
   * reads every matching event, up to a second or more for a common word at a million events
   * on MySQL/MariaDB; the other searches wait their turn (up to `REQUEST_TIMEOUT_MS`) without
   * holding a pool connection, so the rest of the pool stays free for every other read.
   */
  @Transform(integer)
  @IsInt()
  @Min(1)
  @Max(1000)
  DATABASE_SEARCH_CONCURRENCY = 2;

  /**
   * `sphinx://host:9306/index`: event searches on MySQL/MariaDB read this Sphinx `searchd`
   * (SphinxQL) instead of the database's full-text index, which takes a second or more for a
   * common word at a million events. The index is fed from the change log by the instance
   * that searches (docs/decisions.md, "Searches on MySQL/MariaDB go to Sphinx"; README
   * "Search engine"); unset, searches read the database.
   */
  @IsOptional()
  @Matches(/^sphinx:\/\/[^/:\s]+(:\d{1,5})?(\/[A-Za-z_][A-Za-z0-9_]*)?$/, {
    message: 'must look like sphinx://host:9306/index',
  })
  SEARCH_ENGINE_URL?: string;

  /**
   * MySQL/MariaDB: whether the service applies pending migrations when it starts (`true`), or
   * refuses to start while any is pending (`false`, the default: migrations are a deploy step,
   * `npm run migrate`). SQLite always applies them.
   */
  @IsIn(['true', 'false'])
  MIGRATE_ON_START = 'false';

  @IsOptional()
  @IsString()
  SQLITE_PATH = 'data/calendar.sqlite';

  @IsOptional()
  @Validate(TimeZoneConstraint)
  SITE_TIMEZONE = 'UTC';

  @IsOptional()
  @IsIn(LANGUAGES)
  DEFAULT_LANGUAGE: Language = 'en';

  /**
   * The currency symbol an event's cost is shown with when the cost names none (`10` shows as
   * `$10`), as TEC's setting "Default currency symbol" does; empty shows the amount alone.
   */
  @IsOptional()
  @IsString()
  @MaxLength(10)
  DEFAULT_CURRENCY_SYMBOL = '$';

  /** Where that symbol stands: `prefix` (`$10`) or `postfix` (`10$`), TEC's default `prefix`. */
  @IsOptional()
  @IsIn(['prefix', 'postfix'])
  DEFAULT_CURRENCY_POSITION: 'prefix' | 'postfix' = 'prefix';

  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  PUBLIC_URL?: string;

  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  SITE_URL?: string;

  @IsOptional()
  @Matches(/^(\/[A-Za-z0-9._~-]+)*$/, { message: 'must be empty or a path such as /api' })
  API_PREFIX = '';

  @IsOptional()
  @IsString()
  @MinLength(32, {
    message: 'must be at least 32 characters (256 bits) to sign HS256 tokens safely',
  })
  AUTH_JWT_SECRET?: string;

  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  AUTH_JWKS_URL?: string;

  @IsOptional()
  @IsString()
  AUTH_ISSUER?: string;

  @IsOptional()
  @IsString()
  AUTH_AUDIENCE?: string;

  @IsOptional()
  @IsString()
  AUTH_ROLE_CLAIM = 'role';

  @IsOptional()
  @Matches(/^\s*(\*|https?:\/\/[^/,\s]+\/?)(\s*,\s*(\*|https?:\/\/[^/,\s]+\/?))*\s*$/, {
    message: 'must be * or a comma-separated list of origins such as https://app.example.com',
  })
  CORS_ORIGINS?: string;

  @IsOptional()
  @IsIn(['error', 'warn', 'log', 'debug', 'verbose'])
  LOG_LEVEL: 'error' | 'warn' | 'log' | 'debug' | 'verbose' = 'log';

  /**
   * Which proxies in front may name the client in `X-Forwarded-For` (Express's `trust proxy`):
   * `false`, `true` (any), a number of hops, or a comma list of addresses, subnets and the words
   * `loopback`, `linklocal`, `uniquelocal`.
   */
  @IsOptional()
  @ValidateBy(
    {
      name: 'trustProxy',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && isTrustProxySetting(value),
      },
    },
    {
      message:
        'must be true, false, a number of hops, or a comma list of loopback, linklocal, uniquelocal, addresses and subnets',
    },
  )
  TRUST_PROXY = 'loopback, linklocal, uniquelocal';

  /** Requests a client (token subject, else IP address) may make per window; 0 turns it off. */
  @Transform(integer)
  @IsInt()
  @Min(0)
  RATE_LIMIT_MAX = 600;

  @Transform(integer)
  @IsInt()
  @Min(1)
  RATE_LIMIT_WINDOW_SECONDS = 60;

  /** Largest request body, in bytes (413 above). */
  @Transform(integer)
  @IsInt()
  @Min(1024)
  MAX_BODY_BYTES = 1024 * 1024;

  /** Longest request target (path and query), in bytes (414 above). */
  @Transform(integer)
  @IsInt()
  @Min(256)
  @Max(65536)
  MAX_URL_BYTES = 8192;

  /** Longest a request may take to arrive (408) or to be answered (503), in milliseconds. */
  @Transform(integer)
  @IsInt()
  @Min(100)
  REQUEST_TIMEOUT_MS = 30_000;

  /** `max-age` of anonymous GET answers, in seconds; 0 means caches must revalidate (ETag). */
  @Transform(integer)
  @IsInt()
  @Min(0)
  CACHE_MAX_AGE = 0;

  /**
   * How long an anonymous GET answer stays in the read cache, in milliseconds (writes end it at
   * once; this bounds what time alone changes, such as a scheduled event going live); 0 turns
   * the cache off.
   */
  @Transform(integer)
  @IsInt()
  @Min(0)
  READ_CACHE_TTL_MS = 10_000;

  /**
   * How long, at most, the read cache keeps an event list whose answer nothing but a write can
   * change for a while (the default window, no date or modification bounds), and a single
   * event's read: until the window moves at midnight (lists; a scheduled item that goes live
   * ends what its write would), in milliseconds. At or below `READ_CACHE_TTL_MS`, they are kept for that TTL like every other
   * answer.
   */
  @Transform(integer)
  @IsInt()
  @Min(0)
  READ_CACHE_LIST_TTL_MS = 300_000;

  /**
   * How many bytes of keys and answers the in-process read cache keeps (least recently read go
   * first); a list counts without the kept event renderings it holds, which count below.
   */
  @Transform(integer)
  @IsInt()
  @Min(65536)
  READ_CACHE_MAX_BYTES = 32 * 1024 * 1024;

  /**
   * How many bytes of kept event renderings the in-process read cache holds besides its answers
   * (least recently read go first); `0` keeps none, so every list renders its events.
   */
  @Transform(integer)
  @IsInt()
  @Min(0)
  READ_CACHE_RENDERINGS_MAX_BYTES = 96 * 1024 * 1024;

  /** `redis://` URL of the read cache and listing version shared by every instance. */
  @IsOptional()
  @Matches(/^rediss?:\/\/\S+$/, { message: 'must be a redis:// or rediss:// URL' })
  CACHE_URL?: string;

  /** Prefix of every Redis key the service writes (several services may share one Redis). */
  @IsOptional()
  @IsString()
  CACHE_PREFIX = 'calendar:';

  /** When set, `/metrics` asks for `Authorization: Bearer <METRICS_TOKEN>`. */
  @IsOptional()
  @IsString()
  @MinLength(16, { message: 'must be at least 16 characters' })
  METRICS_TOKEN?: string;

  /** After SIGTERM: how long readiness answers 503 before the server stops taking requests. */
  @Transform(integer)
  @IsInt()
  @Min(0)
  SHUTDOWN_GRACE_MS = 5000;

  /**
   * How long the change log keeps a change, in seconds (30 days); older ones are pruned unless
   * a webhook or broker still has to send them. A sync token older than what is kept is 410.
   * `0` keeps every change.
   */
  @Transform(integer)
  @IsInt()
  @Min(0)
  CHANGE_LOG_RETENTION_SECONDS = 30 * 24 * 3600;

  /** Whether this instance delivers webhooks (and broker messages): `true` or `false`. */
  @IsIn(['true', 'false'])
  WEBHOOKS_DISPATCH = 'true';

  /** How often an idle dispatcher looks for new changes and due deliveries, in milliseconds. */
  @Transform(integer)
  @IsInt()
  @Min(10)
  WEBHOOK_POLL_MS = 500;

  /** How long a receiver has to answer one delivery, in milliseconds. */
  @Transform(integer)
  @IsInt()
  @Min(100)
  WEBHOOK_TIMEOUT_MS = 10_000;

  /** The wait before the first retry, in milliseconds; each next one waits twice as long. */
  @Transform(integer)
  @IsInt()
  @Min(10)
  WEBHOOK_RETRY_BASE_MS = 5_000;

  /** Attempts of one delivery before it is marked failed. */
  @Transform(integer)
  @IsInt()
  @Min(1)
  @Max(100)
  WEBHOOK_MAX_ATTEMPTS = 12;

  /**
   * A subscription whose every attempt has failed for this many seconds is disabled (a receiver
   * answering 410 Gone disables it at once).
   */
  @Transform(integer)
  @IsInt()
  @Min(1)
  WEBHOOK_DISABLE_AFTER_SECONDS = 3 * 24 * 3600;

  /**
   * Host names, addresses and CIDR networks (comma-separated) webhooks may be delivered to
   * although they are not public: loopback, private, link-local and reserved addresses are
   * refused otherwise, at subscription and before each delivery.
   */
  @IsOptional()
  @ValidateBy(
    {
      name: 'allowedNetworks',
      validator: {
        validate: (value: unknown) =>
          typeof value === 'string' && allowedNetworks(value) !== undefined,
      },
    },
    {
      message:
        'must be a comma-separated list of host names, addresses and networks such as 10.0.0.0/8',
    },
  )
  WEBHOOK_ALLOWED_NETWORKS?: string;

  /** Deliveries one dispatcher sends at once. */
  @Transform(integer)
  @IsInt()
  @Min(1)
  @Max(1000)
  WEBHOOK_CONCURRENCY = 32;

  /**
   * `amqp://` (RabbitMQ) or `nats://` (NATS JetStream) URL: every change is also published
   * there, as a CloudEvent (docs/behaviour.md#broker-events).
   */
  @IsOptional()
  @Matches(/^(amqps?|nats):\/\/\S+$/, { message: 'must be an amqp://, amqps:// or nats:// URL' })
  EVENTS_BROKER_URL?: string;

  /** The RabbitMQ topic exchange, or the NATS subject prefix and stream name. */
  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/, {
    message: 'must be dot-separated words of letters, digits, - and _',
  })
  EVENTS_BROKER_TOPIC = 'calendar.events';
}
