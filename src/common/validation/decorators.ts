import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional, ApiPropertyOptions } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayNotEmpty,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  ValidateIf,
  Max,
  Matches,
  Min,
  MinLength,
  ValidateBy,
  ValidationOptions,
} from 'class-validator';
import { isParsableDate } from '../dates/parse-date';
import { LANGUAGES } from '../i18n/language';
import { isHttpUrl } from '../media/image';
import { toBoolean, toInteger, toList, toNumber } from './convert';
import { ProblemContext, reportAs } from './validate-input';
import { MessageKey } from '../i18n/messages';

const context = (problem: ProblemContext): ValidationOptions => reportAs(problem);

/**
 * What the OpenAPI document says of an optional parameter, beside its validation, so both come
 * from one decorator. The description comes from the property's comment (Swagger CLI plugin).
 */
const documented = (schema: ApiPropertyOptions): PropertyDecorator => ApiPropertyOptional(schema);

const typeError = (message: ProblemContext['message']): ValidationOptions =>
  context({ message, detailCode: 'rest_invalid_type' });

/** An optional boolean given as `true/false/1/0` in any case; `fallback` is its documented default. */
export function BooleanParam(fallback?: boolean): PropertyDecorator {
  return applyDecorators(
    documented({ type: 'boolean', default: fallback }),
    IsOptional(),
    // null (JSON's "no value") is a flag not given, as an absent field is.
    Transform(({ value }: { value: unknown }) => toBoolean(value ?? undefined)),
    IsBoolean(typeError('param.not-boolean')),
  );
}

/** The largest id (and author) a column holds: every id column is an unsigned 32-bit integer. */
export const MAX_ID = 4_294_967_295;

/** An optional whole number from `min` to `max` (by default, what an id column holds). */
export function IntegerParam(min = 1, max = MAX_ID): PropertyDecorator {
  return applyDecorators(
    documented({ type: 'integer', minimum: min, maximum: max }),
    IsOptional(),
    // null (JSON's "no value") is a number not given, as an absent field is.
    Transform(({ value }: { value: unknown }) => toInteger(value ?? undefined)),
    IsInt(context({ message: 'param.invalid' })),
    Min(min, context({ message: 'param.invalid' })),
    Max(max, context({ message: 'param.invalid' })),
  );
}

/**
 * An optional string; `allowEmpty` false means `""` is rejected, as WordPress does, and so is
 * `null` (a title, name or slug cannot be cleared); with `allowEmpty`, `null` clears it as `""`.
 */
export function StringParam(options: { allowEmpty?: boolean } = {}): PropertyDecorator {
  const decorators = [
    documented({ type: 'string', minLength: options.allowEmpty ? undefined : 1 }),
    options.allowEmpty
      ? IsOptional()
      : ValidateIf((_object: object, value: unknown) => value !== undefined),
    IsString(context({ message: 'param.invalid' })),
  ];
  if (!options.allowEmpty) decorators.push(MinLength(1, context({ message: 'param.invalid' })));
  return applyDecorators(...decorators);
}

/** An optional date in any form `parseDateInput` understands. */
export function DateParam(example?: string): PropertyDecorator {
  return applyDecorators(
    documented({ type: 'string', ...(example === undefined ? {} : { example }) }),
    IsOptional(),
    // null (JSON's "no value") is a date not given, as an absent field is.
    Transform(({ value }: { value: unknown }) =>
      typeof value === 'string' ? value.trim() : (value ?? undefined),
    ),
    ValidateBy(
      { name: 'isDateInput', validator: { validate: (value: unknown) => isParsableDate(value) } },
      context({ message: 'param.invalid' }),
    ),
  );
}

/** An optional list of positive integer ids, as an array or a comma-separated string. */
export function IdListParam(): PropertyDecorator {
  return applyDecorators(
    documented({ type: 'integer', isArray: true, minimum: 1 }),
    IsOptional(),
    Transform(({ value }: { value: unknown }) => toList(value)),
    IsArray(context({ message: 'param.invalid' })),
    Matches(/^[1-9]\d*$/, { each: true, ...context({ message: 'param.invalid' }) }),
  );
}

/** The optional `i18n_language` parameter every route accepts. */
export function LanguageParam(): PropertyDecorator {
  return applyDecorators(
    documented({ type: 'string', enum: LANGUAGES, example: 'en' }),
    IsOptional(),
    IsIn(LANGUAGES, context({ message: 'param.bad-language' })),
  );
}

/** An optional website: an http(s) URL, or `""` to remove it. */
export function WebsiteParam(): PropertyDecorator {
  return applyDecorators(
    documented({ type: 'string', nullable: true }),
    IsOptional(),
    ValidateBy(
      {
        name: 'isWebsite',
        validator: {
          validate: (v: unknown) => typeof v === 'string' && (v === '' || isHttpUrl(v)),
        },
      },
      context({ message: 'param.invalid' }),
    ),
  );
}

/** An optional image: an http(s) URL or a positive integer id; `""` removes it. */
/** Largest attachment id an image may name: the column is an unsigned 32-bit integer. */
export const MAX_IMAGE_ID = MAX_ID;

export function ImageParam(): PropertyDecorator {
  return applyDecorators(
    documented({
      oneOf: [
        { type: 'string', format: 'uri' },
        { type: 'integer', minimum: 1, maximum: MAX_IMAGE_ID },
        { type: 'string', maxLength: 0 },
      ],
    }),
    IsOptional(),
    Transform(({ value }: { value: unknown }) => toInteger(value)),
    ValidateBy(
      {
        name: 'isImage',
        validator: {
          validate: (v: unknown) =>
            v === '' ||
            (typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= MAX_IMAGE_ID) ||
            (typeof v === 'string' && isHttpUrl(v)),
        },
      },
      context({ message: 'param.invalid' }),
    ),
  );
}

/**
 * An optional finite number from `min` to `max` (a number or a decimal string); `allowEmpty`
 * also lets `""` through, for fields where it clears the value.
 */
export function NumberParam(
  min: number,
  max: number,
  message: MessageKey,
  options: { allowEmpty?: boolean } = {},
): PropertyDecorator {
  return applyDecorators(
    documented({
      type: 'number',
      format: 'double',
      minimum: min,
      maximum: max,
      nullable: options.allowEmpty,
    }),
    IsOptional(),
    Transform(({ value }: { value: unknown }) => toNumber(value)),
    ValidateBy(
      {
        name: 'isNumberInRange',
        validator: {
          validate: (v: unknown) =>
            (options.allowEmpty === true && v === '') ||
            (typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max),
        },
      },
      context({ message }),
    ),
  );
}

/** An optional list of ids or slugs, as an array or a comma-separated string. */
export function IdOrSlugListParam(): PropertyDecorator {
  return applyDecorators(
    documented({ type: 'string', isArray: true }),
    IsOptional(),
    Transform(({ value }: { value: unknown }) => toList(value)),
    IsArray(context({ message: 'param.invalid' })),
    ArrayNotEmpty(context({ message: 'param.invalid' })),
    IsString({ each: true, ...context({ message: 'param.invalid' }) }),
  );
}

/** Longest description or excerpt: a `TEXT` column holds 65,535 bytes. */
const MAX_RICH_TEXT_BYTES = 65_535;

/** `param.too-long` when `measure` of a string value exceeds `max`; other types pass here. */
export function AtMost(max: number, measure: (text: string) => number): PropertyDecorator {
  return ValidateBy(
    {
      name: 'atMost',
      validator: { validate: (v: unknown) => typeof v !== 'string' || measure(v) <= max },
    },
    context({ message: 'param.too-long' }),
  );
}

/** A description or excerpt: safe HTML is kept; `""` or null clears it. */
export function RichTextParam(): PropertyDecorator {
  return applyDecorators(
    StringParam({ allowEmpty: true }),
    documented({ type: 'string', nullable: true }),
    AtMost(MAX_RICH_TEXT_BYTES, (text) => Buffer.byteLength(text, 'utf8')),
  );
}

/**
 * A list of words from `words` (`name` names its check), as repeated `param[]=` values, an array
 * or a comma-separated string; any other word is 400.
 */
export function WordListParam(words: readonly string[], name: string): PropertyDecorator {
  const allowed: ReadonlySet<string> = new Set(words);
  return applyDecorators(
    documented({ type: 'string', enum: [...allowed], isArray: true }),
    IsOptional(),
    Transform(({ value }: { value: unknown }) => toList(value)),
    ValidateBy(
      {
        name,
        validator: {
          validate: (v: unknown) =>
            Array.isArray(v) && v.every((word) => allowed.has(String(word))),
        },
      },
      context({ message: 'param.invalid' }),
    ),
  );
}
