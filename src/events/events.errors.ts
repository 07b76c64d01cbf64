import { DomainError, MovedError } from '../common/errors/domain-error';

/** 404: no event has this id. */
export class EventNotFoundError extends DomainError {
  constructor(id: number) {
    super('eventNotFound', { id });
  }
}

/** 400: the id names a venue or organizer, not an event. */
export class NotAnEventError extends DomainError {
  constructor() {
    super('notAnEvent');
  }
}

/** 301: the id is an imported event's source id; the event has `to` here. */
export class EventMovedError extends MovedError {
  constructor(from: number, to: number) {
    super('eventMoved', from, to);
  }
}

/** 403: the event is not published and the viewer may not read it. */
export class EventNotAccessibleError extends DomainError {
  constructor() {
    super('eventNotAccessible');
  }
}

/** 403: the event is password-protected and the right password was not given. */
export class EventPasswordProtectedError extends DomainError {
  constructor() {
    super('eventPasswordProtected');
  }
}

/** 403: the event is in the trash. */
export class EventTrashedError extends DomainError {
  constructor() {
    super('eventTrashed');
  }
}

/** 410: deleting an event that is already in the trash. */
export class EventAlreadyTrashedError extends DomainError {
  constructor() {
    super('eventAlreadyTrashed');
  }
}

/** 404: a list page past the last one. */
export class EventPageNotFoundError extends DomainError {
  constructor() {
    super('eventPageNotFound');
  }
}
