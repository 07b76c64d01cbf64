import { Transform } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  Min,
  MinLength,
  Validate,
  ValidatorConstraint,
  ValidatorConstraintInterface,
} from 'class-validator';
import { resolveZone } from '../common/dates/zones';
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

const emptyToUndefined = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/**
 * The service's configuration, read from the environment (and `.env`) and validated at start.
 * Names follow contract §6.
 */
export class AppConfig {
  @Transform(({ value }: { value: unknown }) => (value === undefined ? 3000 : Number(value)))
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 3000;

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^(mysql|mariadb):\/\/[^/]+\/[^/?]+(\?.*)?$/, {
    message: 'must look like mysql://user:password@host:3306/name',
  })
  DATABASE_URL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  SQLITE_PATH = 'data/calendar.sqlite';

  @Transform(emptyToUndefined)
  @IsOptional()
  @Validate(TimeZoneConstraint)
  SITE_TIMEZONE = 'UTC';

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(LANGUAGES)
  DEFAULT_LANGUAGE: Language = 'en';

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  PUBLIC_URL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  SITE_URL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^(\/[A-Za-z0-9._~-]+)*$/, { message: 'must be empty or a path such as /api' })
  API_PREFIX = '';

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(32, {
    message: 'must be at least 32 characters (256 bits) to sign HS256 tokens safely',
  })
  AUTH_JWT_SECRET?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  AUTH_JWKS_URL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  AUTH_ISSUER?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  AUTH_AUDIENCE?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  AUTH_ROLE_CLAIM = 'role';

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^\s*(\*|https?:\/\/[^/,\s]+\/?)(\s*,\s*(\*|https?:\/\/[^/,\s]+\/?))*\s*$/, {
    message: 'must be * or a comma-separated list of origins such as https://app.example.com',
  })
  CORS_ORIGINS?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(['error', 'warn', 'log', 'debug', 'verbose'])
  LOG_LEVEL: 'error' | 'warn' | 'log' | 'debug' | 'verbose' = 'log';
}
