import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsOptional, ValidateBy } from 'class-validator';
import { toPlainText } from '../../common/text/html';
import { toList } from '../../common/validation/convert';
import { StringParam } from '../../common/validation/decorators';
import { reportAs } from '../../common/validation/validate-input';
import { POST_STATUSES } from '../../events/entities/event.entity';

/** Longest name, address line, phone or email: the columns are `VARCHAR(255)`. */
const MAX_SHORT_TEXT = 255;
/** Longest description: a `TEXT` column holds 65,535 bytes. */
const MAX_RICH_TEXT_BYTES = 65_535;

/** `param.too-long` when `measure` of a string value exceeds `max`; other types pass here. */
function AtMost(max: number, measure: (text: string) => number): PropertyDecorator {
  return ValidateBy(
    {
      name: 'atMost',
      validator: { validate: (v: unknown) => typeof v !== 'string' || measure(v) <= max },
    },
    reportAs({ message: 'param.too-long' }),
  );
}

/** A venue or organizer name: text that is not empty once tags are stripped, at most 255 chars. */
export function NameParam(): PropertyDecorator {
  return applyDecorators(
    StringParam(),
    ValidateBy(
      {
        name: 'hasPlainText',
        validator: { validate: (v: unknown) => typeof v !== 'string' || toPlainText(v) !== '' },
      },
      reportAs({ message: 'param.invalid' }),
    ),
    AtMost(MAX_SHORT_TEXT, (text) => toPlainText(text).length),
  );
}

/** A short optional string (address, phone, email...); `""` or null clears it. */
export function ShortTextParam(): PropertyDecorator {
  return applyDecorators(
    StringParam({ allowEmpty: true }),
    AtMost(MAX_SHORT_TEXT, (text) => text.length),
  );
}

/** A description: safe HTML is kept; `""` or null clears it. */
export function RichTextParam(): PropertyDecorator {
  return applyDecorators(
    StringParam({ allowEmpty: true }),
    AtMost(MAX_RICH_TEXT_BYTES, (text) => Buffer.byteLength(text, 'utf8')),
  );
}

/** What `status` may ask a list for: post statuses, or `any`. */
const STATUS_WORDS: ReadonlySet<string> = new Set([...POST_STATUSES, 'any']);

/** Statuses to list, as repeated `status[]=` values, an array or a comma-separated string. */
export function StatusListParam(): PropertyDecorator {
  return applyDecorators(
    IsOptional(),
    Transform(({ value }: { value: unknown }) => toList(value)),
    ValidateBy(
      {
        name: 'isStatusList',
        validator: {
          validate: (v: unknown) =>
            Array.isArray(v) && v.every((status) => STATUS_WORDS.has(String(status))),
        },
      },
      reportAs({ message: 'param.invalid' }),
    ),
  );
}
