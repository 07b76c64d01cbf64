import { MessageKey } from '../i18n/messages';

/** A kind's wire code and status; its message is `message` when given, else the code's. */
type ErrorKindSpec =
  | { readonly code: MessageKey; readonly status: number }
  | { readonly code: string; readonly status: number; readonly message: MessageKey };

/**
 * Every error the service can answer with: its wire code (which also names its message in the
 * catalog) and HTTP status. The filter reads this table only, so a kind added without a row here,
 * or with a code that has no message, does not compile.
 */
export const ERROR_KINDS = {
  routeNotFound: { code: 'rest_no_route', status: 404 },
  languageNotServed: { code: 'rest_no_route', status: 404, message: 'rest_language_not_served' },
  invalidParams: { code: 'rest_invalid_param', status: 400 },
  missingParams: {
    code: 'rest_missing_callback_param',
    status: 400,
  },
  invalidJson: { code: 'rest_invalid_json', status: 400 },
  payloadTooLarge: {
    code: 'rest_payload_too_large',
    status: 413,
  },
  unsupportedMediaType: {
    code: 'rest_unsupported_media_type',
    status: 415,
  },
  jsonSentAsForm: {
    code: 'rest_unsupported_media_type',
    status: 415,
    message: 'rest_json_sent_as_form',
  },
  notAuthenticated: { code: 'rest_forbidden', status: 401 },
  forbidden: { code: 'rest_forbidden', status: 403 },
  internal: { code: 'rest_internal_error', status: 500 },
  requestTimeout: { code: 'rest_request_timeout', status: 408 },
  uriTooLong: { code: 'rest_uri_too_long', status: 414 },
  tooManyRequests: { code: 'rest_too_many_requests', status: 429 },
  responseTimeout: { code: 'rest_response_timeout', status: 503 },
  serviceBusy: { code: 'rest_service_busy', status: 503 },
  databaseUnavailable: { code: 'rest_database_unavailable', status: 503 },
  commitUnknown: { code: 'rest_commit_unknown', status: 503 },
  notReady: { code: 'rest_not_ready', status: 503 },
  preconditionFailed: { code: 'rest_precondition_failed', status: 412 },
  preconditionRequired: { code: 'rest_precondition_required', status: 428 },
  itemExists: { code: 'rest_precondition_failed', status: 412, message: 'rest_item_exists' },
  tooManyFields: { code: 'rest_too_many_fields', status: 413 },
  syncTokenExpired: { code: 'rest_sync_token_expired', status: 410 },
  webhookNotFound: { code: 'rest_webhook_not_found', status: 404 },
  invalidBody: { code: 'rest_invalid_body', status: 400 },
  eventNotFound: { code: 'rest-event-not-found', status: 404 },
  notAnEvent: { code: 'rest-invalid-event-id', status: 400 },
  eventMoved: { code: 'rest_event_moved', status: 301 },
  eventNotAccessible: {
    code: 'event-not-accessible',
    status: 403,
  },
  eventPasswordProtected: {
    code: 'event-password-protected',
    status: 403,
  },
  eventTrashed: {
    code: 'event-no-longer-available',
    status: 403,
  },
  eventAlreadyTrashed: { code: 'event-is-in-trash', status: 410 },
  eventPageNotFound: {
    code: 'event-archive-page-not-found',
    status: 404,
  },
  venueNotAccessible: { code: 'venue-not-accessible', status: 403 },
  venueAlreadyTrashed: { code: 'venue-is-in-trash', status: 410 },
  venuePageNotFound: { code: 'venue-archive-page-not-found', status: 404 },
  organizerNotAccessible: { code: 'organizer-not-accessible', status: 403 },
  organizerAlreadyTrashed: { code: 'organizer-is-in-trash', status: 410 },
  organizerPageNotFound: { code: 'organizer-archive-page-not-found', status: 404 },
  termExists: { code: 'term_exists', status: 400 },
  termExistsWithParent: { code: 'term_exists', status: 400, message: 'term_exists.parent' },
  taxonomyNotHierarchical: { code: 'rest_taxonomy_not_hierarchical', status: 400 },
} as const satisfies Record<string, ErrorKindSpec>;

export type ErrorKind = keyof typeof ERROR_KINDS;

/** The catalog key of a kind's message. */
export function messageKeyOf(kind: ErrorKind): MessageKey {
  const spec: ErrorKindSpec = ERROR_KINDS[kind];
  return 'message' in spec ? spec.message : spec.code;
}
