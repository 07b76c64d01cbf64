import { SetMetadata } from '@nestjs/common';

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
  | 'term:delete';

export const PERMISSION_KEY = 'calendar:permission';

/** Marks a write route with the action it performs. Routes without it are public reads. */
export const RequiresPermission = (permission: Permission): MethodDecorator =>
  SetMetadata(PERMISSION_KEY, permission);
