import { DomainError } from '../common/errors/domain-error';

/** 403: the organizer is not published and the viewer may not read it. */
export class OrganizerNotAccessibleError extends DomainError {
  constructor() {
    super('organizerNotAccessible');
  }
}

/** 410: deleting an organizer that is already in the trash. */
export class OrganizerAlreadyTrashedError extends DomainError {
  constructor() {
    super('organizerAlreadyTrashed');
  }
}

/** 404: an organizer list page past the last one. */
export class OrganizerPageNotFoundError extends DomainError {
  constructor() {
    super('organizerPageNotFound');
  }
}
