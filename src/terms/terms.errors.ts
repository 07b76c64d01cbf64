import { DomainError, InvalidParamsError } from '../common/errors/domain-error';

/**
 * 400 `term_exists`: another term of the taxonomy (for categories: under the same parent)
 * already has this name; `data.term_id` names it, as WordPress does.
 */
export class TermExistsError extends DomainError {
  constructor(existingId: number, hierarchical: boolean) {
    super(hierarchical ? 'termExistsWithParent' : 'termExists', {}, { term_id: existingId });
  }
}

/** 400 `rest_taxonomy_not_hierarchical`: a tag was given a parent. */
export class TaxonomyNotHierarchicalError extends DomainError {
  constructor() {
    super('taxonomyNotHierarchical');
  }
}

/** 400 `rest_invalid_param` on `id`: no term of this taxonomy has the id (TEC's asymmetry). */
export function unknownTermError(): InvalidParamsError {
  return InvalidParamsError.of('id');
}
