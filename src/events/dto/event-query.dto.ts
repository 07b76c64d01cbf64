import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { reportAs } from '../../common/validation/validate-input';
import { LanguageParam, StringParam } from '../../common/validation/decorators';

/** Query of the single-event routes. */
export class EventQueryDto {
  /** Language of the answer: `ca`, `en` or `es`. */
  @LanguageParam()
  i18n_language?: string;

  /** Unlocks a password-protected event on a read (ignored by writes). */
  @StringParam()
  password?: string;
}

/** Query of the event update routes. */
export class EventUpdateQueryDto extends EventQueryDto {
  /**
   * `following`: on an occurrence of a recurring series, split the series there and apply the
   * update to this occurrence and every later one (docs/behaviour.md#recurring-events).
   */
  @ApiPropertyOptional({ enum: ['following'] })
  @IsOptional()
  @IsIn(['following'], reportAs({ message: 'param.invalid' }))
  scope?: 'following';
}
