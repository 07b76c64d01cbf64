import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { ValidateBy } from 'class-validator';
import { toPlainText } from '../../common/text/html';
import { AtMost, StringParam } from '../../common/validation/decorators';
import { reportAs } from '../../common/validation/validate-input';

/** Longest name, address line, phone or email: the columns are `VARCHAR(255)`. */
const MAX_SHORT_TEXT = 255;

/** A venue or organizer name: text that is not empty once tags are stripped, at most 255 chars. */
export function NameParam(): PropertyDecorator {
  return applyDecorators(
    StringParam(),
    ApiPropertyOptional({ type: 'string', minLength: 1, maxLength: MAX_SHORT_TEXT }),
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
    ApiPropertyOptional({ type: 'string', maxLength: MAX_SHORT_TEXT, nullable: true }),
    AtMost(MAX_SHORT_TEXT, (text) => text.length),
  );
}
