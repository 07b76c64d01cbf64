import { DomainError } from '../common/errors/domain-error';

/** 403: the venue is not published and the viewer may not read it. */
export class VenueNotAccessibleError extends DomainError {
  constructor() {
    super('venueNotAccessible');
  }
}

/** 410: deleting a venue that is already in the trash. */
export class VenueAlreadyTrashedError extends DomainError {
  constructor() {
    super('venueAlreadyTrashed');
  }
}

/** 404: a venue list page past the last one. */
export class VenuePageNotFoundError extends DomainError {
  constructor() {
    super('venuePageNotFound');
  }
}
