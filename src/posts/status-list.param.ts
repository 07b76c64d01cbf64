import { WordListParam } from '../common/validation/decorators';
import { POST_STATUSES } from './post-status';

/** Statuses to list (post statuses, or `any`), as repeated `status[]=` values, an array or a comma-separated string. */
export function StatusListParam(): PropertyDecorator {
  return WordListParam([...POST_STATUSES, 'any'], 'isStatusList');
}
