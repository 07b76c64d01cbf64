import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiBearerAuth } from '@nestjs/swagger';

/** The actions a route performs; the access guard decides whether the viewer may. */
export type Permission =
  | 'event:create'
  | 'event:edit'
  | 'event:delete'
  | 'venue:create'
  | 'venue:edit'
  | 'venue:delete'
  | 'organizer:create'
  | 'organizer:edit'
  | 'organizer:delete'
  | 'term:create'
  | 'term:edit'
  | 'term:delete'
  | 'webhook:manage';

export const PERMISSION_KEY = 'calendar:permission';

/**
 * Marks a write route with the action it performs, and documents its bearer token. Routes
 * without it are public reads. The services decide the rights (`rights.ts`).
 */
export const RequiresPermission = (permission: Permission): MethodDecorator =>
  applyDecorators(SetMetadata(PERMISSION_KEY, permission), ApiBearerAuth());

export const OWN_CREDENTIALS_KEY = 'calendar:own-credentials';

/**
 * Marks a route or controller that checks its own credentials (metrics): the API's bearer tokens
 * are not verified on it, and its viewer is anonymous.
 */
export const OwnCredentials = (): ClassDecorator & MethodDecorator =>
  SetMetadata(OWN_CREDENTIALS_KEY, true);
