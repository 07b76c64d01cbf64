import { MessageKey } from '../i18n/messages';

/**
 * Every error the service can answer with: its wire code, HTTP status and message. The filter
 * reads this table only, so a kind added without a row here does not compile.
 */
export const ERROR_KINDS = {
  routeNotFound: { code: 'rest_no_route', status: 404, message: 'rest_no_route' },
  invalidParams: { code: 'rest_invalid_param', status: 400, message: 'rest_invalid_param' },
  missingParams: {
    code: 'rest_missing_callback_param',
    status: 400,
    message: 'rest_missing_callback_param',
  },
  invalidJson: { code: 'rest_invalid_json', status: 400, message: 'rest_invalid_json' },
  payloadTooLarge: {
    code: 'rest_payload_too_large',
    status: 413,
    message: 'rest_payload_too_large',
  },
  unsupportedMediaType: {
    code: 'rest_unsupported_media_type',
    status: 415,
    message: 'rest_unsupported_media_type',
  },
  notAuthenticated: { code: 'rest_forbidden', status: 401, message: 'rest_forbidden' },
  forbidden: { code: 'rest_forbidden', status: 403, message: 'rest_forbidden' },
  internal: { code: 'rest_internal_error', status: 500, message: 'rest_internal_error' },
  eventNotFound: { code: 'rest-event-not-found', status: 404, message: 'rest-event-not-found' },
  notAnEvent: { code: 'rest-invalid-event-id', status: 400, message: 'rest-invalid-event-id' },
  eventNotAccessible: {
    code: 'event-not-accessible',
    status: 403,
    message: 'event-not-accessible',
  },
  eventPasswordProtected: {
    code: 'event-password-protected',
    status: 403,
    message: 'event-password-protected',
  },
  eventTrashed: {
    code: 'event-no-longer-available',
    status: 403,
    message: 'event-no-longer-available',
  },
  eventAlreadyTrashed: { code: 'event-is-in-trash', status: 410, message: 'event-is-in-trash' },
  eventPageNotFound: {
    code: 'event-archive-page-not-found',
    status: 404,
    message: 'event-archive-page-not-found',
  },
} as const satisfies Record<string, { code: string; status: number; message: MessageKey }>;

export type ErrorKind = keyof typeof ERROR_KINDS;
