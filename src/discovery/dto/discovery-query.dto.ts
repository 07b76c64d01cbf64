import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { NAMESPACE } from '../../common/links/links';
import { LanguageParam } from '../../common/validation/decorators';
import { reportAs } from '../../common/validation/validate-input';

/** Query of `GET /doc`. */
export class DocQueryDto {
  /** Language of the answer's headers and errors: `ca`, `en` or `es`. */
  @LanguageParam()
  i18n_language?: string;
}

/** WordPress's request contexts; the index is the same in each (it holds nothing private). */
const CONTEXTS = ['view', 'embed', 'edit'] as const;

/** Query of the namespace index (WordPress's arguments of that route). */
export class NamespaceIndexQueryDto extends DocQueryDto {
  /** The namespace to describe: this one. */
  @ApiPropertyOptional({ type: 'string', enum: [NAMESPACE], default: NAMESPACE })
  @IsOptional()
  @IsIn([NAMESPACE], reportAs({ message: 'param.invalid' }))
  namespace?: string;

  /** WordPress's request context; every context gets the same index. */
  @ApiPropertyOptional({ type: 'string', enum: CONTEXTS, default: 'view' })
  @IsOptional()
  @IsIn(CONTEXTS, reportAs({ message: 'param.invalid' }))
  context?: string;
}
