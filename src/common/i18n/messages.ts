import { Language } from './language';

/**
 * Every text the service answers with, in each language. English is TEC's wording, kept
 * byte-exact because clients compare it. Placeholders: `{name}`.
 */
const CATALOG = {
  rest_language_not_served: {
    en: 'No route was found for the language "{language}": the languages served are {languages} (in the path, as /es/calendar/events/v1/events, or by Accept-Language).',
    ca: 'No s’ha trobat cap ruta per a la llengua "{language}": les llengües servides són {languages} (al camí, com /es/calendar/events/v1/events, o per Accept-Language).',
    es: 'No se ha encontrado ninguna ruta para el idioma "{language}": los idiomas servidos son {languages} (en la ruta, como /es/calendar/events/v1/events, o por Accept-Language).',
  },
  rest_no_route: {
    en: 'No route was found matching the URL and request method.',
    ca: "No s'ha trobat cap ruta que coincideixi amb l'URL i el mètode de la petició.",
    es: 'No se ha encontrado ninguna ruta que coincida con la URL y el método de la petición.',
  },
  rest_invalid_param: {
    en: 'Invalid parameter(s): {params}',
    ca: 'Paràmetre(s) no vàlid(s): {params}',
    es: 'Parámetro(s) no válido(s): {params}',
  },
  rest_missing_callback_param: {
    en: 'Missing parameter(s): {params}',
    ca: 'Falten paràmetre(s): {params}',
    es: 'Faltan parámetro(s): {params}',
  },
  rest_invalid_json: {
    en: 'Invalid JSON body passed.',
    ca: "S'ha enviat un cos JSON no vàlid.",
    es: 'Se ha enviado un cuerpo JSON no válido.',
  },
  rest_payload_too_large: {
    en: 'The request body is larger than the allowed {limit}.',
    ca: 'El cos de la petició supera el màxim permès de {limit}.',
    es: 'El cuerpo de la petición supera el máximo permitido de {limit}.',
  },
  rest_unsupported_media_type: {
    en: 'The request body must be JSON or form-encoded.',
    ca: 'El cos de la petició ha de ser JSON o un formulari codificat.',
    es: 'El cuerpo de la petición debe ser JSON o un formulario codificado.',
  },
  rest_forbidden: {
    en: 'Sorry, you are not allowed to do that.',
    ca: 'No teniu permís per a fer això.',
    es: 'Lo siento, no tienes permiso para hacer eso.',
  },
  rest_internal_error: {
    en: 'The server could not complete the request.',
    ca: 'El servidor no ha pogut completar la petició.',
    es: 'El servidor no ha podido completar la petición.',
  },
  rest_request_timeout: {
    en: 'The request did not arrive in time.',
    ca: 'La petició no ha arribat a temps.',
    es: 'La petición no ha llegado a tiempo.',
  },
  rest_uri_too_long: {
    en: 'The request URL is longer than the allowed {limit} bytes.',
    ca: "L'URL de la petició supera el màxim permès de {limit} bytes.",
    es: 'La URL de la petición supera el máximo permitido de {limit} bytes.',
  },
  rest_too_many_requests: {
    en: 'Too many requests: try again in {seconds} seconds.',
    ca: "Massa peticions: torneu-ho a provar d'aquí a {seconds} segons.",
    es: 'Demasiadas peticiones: vuelve a intentarlo dentro de {seconds} segundos.',
  },
  rest_service_busy: {
    en: 'The service is busy with other changes to the same items. Try again shortly.',
    ca: 'El servei està ocupat amb altres canvis als mateixos elements. Torneu-ho a provar aviat.',
    es: 'El servicio está ocupado con otros cambios en los mismos elementos. Vuelva a intentarlo en breve.',
  },
  rest_database_unavailable: {
    en: 'The database cannot be reached. Try again shortly.',
    ca: "No s'ha pogut accedir a la base de dades. Torneu-ho a provar aviat.",
    es: 'No se ha podido acceder a la base de datos. Vuelva a intentarlo en breve.',
  },
  rest_commit_unknown: {
    en: 'The connection to the database was lost while the change was being saved: it may or may not have been saved. Read the item before trying again.',
    ca: "S'ha perdut la connexió amb la base de dades mentre es desava el canvi: pot ser que s'hagi desat o no. Llegiu l'element abans de tornar-ho a provar.",
    es: 'Se ha perdido la conexión con la base de datos mientras se guardaba el cambio: puede que se haya guardado o no. Lea el elemento antes de volver a intentarlo.',
  },
  rest_not_ready: {
    en: 'The service is not ready to answer yet.',
    ca: 'El servei encara no està a punt per respondre.',
    es: 'El servicio aún no está listo para responder.',
  },
  rest_precondition_failed: {
    en: 'The item has changed since the version given in If-Match.',
    ca: "L'element ha canviat des de la versió indicada a If-Match.",
    es: 'El elemento ha cambiado desde la versión indicada en If-Match.',
  },
  rest_item_exists: {
    en: 'This item already exists (its slug is taken, or a venue or organizer has the same name), and If-None-Match: * asks only for a new one.',
    ca: "Aquest element ja existeix (el seu slug ja s'usa, o un lloc o organitzador té el mateix nom), i If-None-Match: * només en demana un de nou.",
    es: 'Este elemento ya existe (su slug ya está en uso, o un lugar u organizador tiene el mismo nombre), e If-None-Match: * solo pide uno nuevo.',
  },
  rest_event_moved: {
    en: 'This id is the one the event had on the site it was imported from; it has id {id} here, at the address in Location.',
    ca: "Aquest identificador és el que tenia l'esdeveniment al lloc d'on es va importar; aquí té l'identificador {id}, a l'adreça de Location.",
    es: 'Este identificador es el que tenía el evento en el sitio del que se importó; aquí tiene el identificador {id}, en la dirección de Location.',
  },
  rest_sync_token_expired: {
    en: 'This sync token can no longer be used (it comes from another collection or database, or from before the oldest change kept): read the collection again from the start, without sync_token, and sync from the token that answer gives.',
    ca: "Aquest testimoni de sincronització ja no es pot fer servir (és d'una altra col·lecció o base de dades, o d'abans del canvi més antic que es conserva): torneu a llegir la col·lecció des del principi, sense sync_token, i sincronitzeu des del testimoni que dona aquella resposta.",
    es: 'Este token de sincronización ya no se puede usar (es de otra colección o base de datos, o de antes del cambio más antiguo que se conserva): vuelva a leer la colección desde el principio, sin sync_token, y sincronice desde el token que da esa respuesta.',
  },
  rest_webhook_not_found: {
    en: 'No webhook subscription has this id.',
    ca: 'Cap subscripció de webhook no té aquest identificador.',
    es: 'Ninguna suscripción de webhook tiene este identificador.',
  },
  rest_precondition_required: {
    en: 'This change needs an If-Match header.',
    ca: 'Aquest canvi necessita una capçalera If-Match.',
    es: 'Este cambio necesita una cabecera If-Match.',
  },
  rest_too_many_fields: {
    en: 'The request body has more than the allowed {limit} fields.',
    ca: 'El cos de la petició té més camps dels {limit} permesos.',
    es: 'El cuerpo de la petición tiene más campos de los {limit} permitidos.',
  },
  rest_json_sent_as_form: {
    en: 'The body is JSON but was sent as {type}: send it with Content-Type: application/json (curl: --json, or -H "Content-Type: application/json").',
    ca: 'El cos és JSON però s’ha enviat com a {type}: envieu-lo amb Content-Type: application/json (curl: --json, o -H "Content-Type: application/json").',
    es: 'El cuerpo es JSON pero se ha enviado como {type}: envíelo con Content-Type: application/json (curl: --json, o -H "Content-Type: application/json").',
  },
  rest_invalid_body: {
    en: 'The request body could not be read as it declares itself (encoding, charset or form data).',
    ca: "No s'ha pogut llegir el cos de la petició tal com es declara (codificació, joc de caràcters o dades de formulari).",
    es: 'No se ha podido leer el cuerpo de la petición tal como se declara (codificación, juego de caracteres o datos de formulario).',
  },
  rest_response_timeout: {
    en: 'The server could not answer in time.',
    ca: 'El servidor no ha pogut respondre a temps.',
    es: 'El servidor no ha podido responder a tiempo.',
  },
  'rest-event-not-found': {
    en: 'Event with ID {id} does not exist.',
    ca: "L'esdeveniment amb l'ID {id} no existeix.",
    es: 'El evento con ID {id} no existe.',
  },
  'rest-invalid-event-id': {
    en: 'The specified ID is not a valid event.',
    ca: "L'ID indicat no és un esdeveniment vàlid.",
    es: 'El ID indicado no es un evento válido.',
  },
  'event-not-accessible': {
    en: 'The requested event is not accessible',
    ca: "L'esdeveniment sol·licitat no és accessible",
    es: 'El evento solicitado no es accesible',
  },
  'event-password-protected': {
    en: 'The requested event is not accessible without a password',
    ca: "L'esdeveniment sol·licitat no és accessible sense contrasenya",
    es: 'El evento solicitado no es accesible sin contraseña',
  },
  'event-no-longer-available': {
    en: 'This event is no longer available',
    ca: 'Aquest esdeveniment ja no està disponible',
    es: 'Este evento ya no está disponible',
  },
  'event-is-in-trash': {
    en: 'The event is already trashed',
    ca: "L'esdeveniment ja és a la paperera",
    es: 'El evento ya está en la papelera',
  },
  'event-archive-page-not-found': {
    en: 'The requested event archive page does not exist',
    ca: "La pàgina de l'arxiu d'esdeveniments sol·licitada no existeix",
    es: 'La página del archivo de eventos solicitada no existe',
  },
  'venue-not-accessible': {
    en: 'The requested venue is not accessible',
    ca: "L'espai sol·licitat no és accessible",
    es: 'El lugar solicitado no es accesible',
  },
  'venue-is-in-trash': {
    en: 'The venue is already trashed',
    ca: "L'espai ja és a la paperera",
    es: 'El lugar ya está en la papelera',
  },
  'venue-archive-page-not-found': {
    en: 'The requested venue archive page does not exist',
    ca: "La pàgina de l'arxiu d'espais sol·licitada no existeix",
    es: 'La página del archivo de lugares solicitada no existe',
  },
  'organizer-not-accessible': {
    en: 'The requested organizer is not accessible',
    ca: "L'organitzador sol·licitat no és accessible",
    es: 'El organizador solicitado no es accesible',
  },
  'organizer-is-in-trash': {
    en: 'The organizer is already trashed',
    ca: "L'organitzador ja és a la paperera",
    es: 'El organizador ya está en la papelera',
  },
  'organizer-archive-page-not-found': {
    en: 'The requested organizer archive page does not exist',
    ca: "La pàgina de l'arxiu d'organitzadors sol·licitada no existeix",
    es: 'La página del archivo de organizadores solicitada no existe',
  },
  term_exists: {
    en: 'A term with the name provided already exists in this taxonomy.',
    ca: 'Ja existeix un terme amb aquest nom en aquesta taxonomia.',
    es: 'Ya existe un término con el nombre proporcionado en esta taxonomía.',
  },
  'term_exists.parent': {
    en: 'A term with the name provided already exists with this parent.',
    ca: 'Ja existeix un terme amb aquest nom i aquest pare.',
    es: 'Ya existe un término con el nombre proporcionado con este padre.',
  },
  rest_taxonomy_not_hierarchical: {
    en: 'Cannot set parent term, taxonomy is not hierarchical.',
    ca: 'No es pot assignar un terme pare: la taxonomia no és jeràrquica.',
    es: 'No se puede asignar un término padre: la taxonomía no es jerárquica.',
  },
  // Per-parameter texts shown in data.params.
  'param.invalid': {
    en: 'Invalid parameter.',
    ca: 'Paràmetre no vàlid.',
    es: 'Parámetro no válido.',
  },
  'param.not-boolean': {
    en: '{param} is not of type boolean.',
    ca: '{param} no és de tipus booleà.',
    es: '{param} no es de tipo booleano.',
  },
  'param.bad-language': {
    en: '{param} must be one of: ca, en, es.',
    ca: '{param} ha de ser un de: ca, en, es.',
    es: '{param} debe ser uno de: ca, en, es.',
  },
  'param.too-long': {
    en: '{param} is too long.',
    ca: '{param} és massa llarg.',
    es: '{param} es demasiado largo.',
  },
  'param.end-before-start': {
    en: 'The end date must not be before the start date.',
    ca: "La data de finalització no pot ser anterior a la d'inici.",
    es: 'La fecha de fin no puede ser anterior a la de inicio.',
  },
  'param.ticketed-unavailable': {
    en: 'Ticketing is not available in this service.',
    ca: 'Aquest servei no disposa de venda d’entrades.',
    es: 'Este servicio no dispone de venta de entradas.',
  },
  'param.bad-latitude': {
    en: '{param} must be a number from -90 to 90.',
    ca: '{param} ha de ser un nombre entre -90 i 90.',
    es: '{param} debe ser un número entre -90 y 90.',
  },
  'param.bad-longitude': {
    en: '{param} must be a number from -180 to 180.',
    ca: '{param} ha de ser un nombre entre -180 i 180.',
    es: '{param} debe ser un número entre -180 y 180.',
  },
  'param.bad-radius': {
    en: '{param} must be a positive number of kilometres, at most 20000.',
    ca: '{param} ha de ser un nombre positiu de quilòmetres, com a màxim 20000.',
    es: '{param} debe ser un número positivo de kilómetros, como máximo 20000.',
  },
  'param.geoloc-pair': {
    en: 'geoloc_lat and geoloc_lng must be given together.',
    ca: 'geoloc_lat i geoloc_lng s’han de donar juntes.',
    es: 'geoloc_lat y geoloc_lng deben indicarse juntas.',
  },
  'param.bad-cost': {
    en: '{param} must be a string, a number or a list of them.',
    ca: '{param} ha de ser una cadena, un nombre o una llista d’aquests.',
    es: '{param} debe ser una cadena, un número o una lista de ellos.',
  },
  // Why a parameter was refused, shown in data.details (the params text stays TEC's).
  'reason.not-integer': {
    en: '{param} must be a whole number.',
    ca: '{param} ha de ser un nombre enter.',
    es: '{param} debe ser un número entero.',
  },
  'reason.min': {
    en: '{param} must be at least {limit}.',
    ca: '{param} ha de ser com a mínim {limit}.',
    es: '{param} debe ser como mínimo {limit}.',
  },
  'reason.max': {
    en: '{param} must be at most {limit}.',
    ca: '{param} ha de ser com a màxim {limit}.',
    es: '{param} debe ser como máximo {limit}.',
  },
  'reason.not-in-enum': {
    en: '{param} must be one of: {values}.',
    ca: '{param} ha de ser un de: {values}.',
    es: '{param} debe ser uno de: {values}.',
  },
  'reason.empty': {
    en: '{param} must not be empty.',
    ca: '{param} no pot estar buit.',
    es: '{param} no puede estar vacío.',
  },
  'reason.not-string': {
    en: '{param} must be text.',
    ca: '{param} ha de ser un text.',
    es: '{param} debe ser un texto.',
  },
  'reason.not-list': {
    en: '{param} must be a list.',
    ca: '{param} ha de ser una llista.',
    es: '{param} debe ser una lista.',
  },
  'reason.http-url': {
    en: '{param} must be an absolute http:// or https:// URL.',
    ca: '{param} ha de ser un URL absolut http:// o https://.',
    es: '{param} debe ser una URL absoluta http:// o https://.',
  },
  'reason.too-long': {
    en: '{param} must be at most {limit} characters long.',
    ca: '{param} ha de tenir com a màxim {limit} caràcters.',
    es: '{param} debe tener como máximo {limit} caracteres.',
  },
  'reason.pattern': {
    en: '{param} is not in the expected format.',
    ca: '{param} no té el format esperat.',
    es: '{param} no tiene el formato esperado.',
  },
  'reason.date-in-gap': {
    en: '{param}: {value} does not exist in {zone} (the clocks skip it for daylight saving time); send {moved}, or a time with its UTC offset.',
    ca: '{param}: {value} no existeix a {zone} (els rellotges se la salten per l’horari d’estiu); envieu {moved}, o una hora amb el seu desplaçament UTC.',
    es: '{param}: {value} no existe en {zone} (los relojes se la saltan por el horario de verano); envíe {moved}, o una hora con su desfase UTC.',
  },
  'reason.bad-date': {
    en: '{param} is not a date this service reads: use a form such as 2027-03-01, 2027-03-01 20:00 or "next friday 8pm".',
    ca: '{param} no és una data que aquest servei entengui: feu servir una forma com 2027-03-01, 2027-03-01 20:00 o "next friday 8pm".',
    es: '{param} no es una fecha que este servicio entienda: use una forma como 2027-03-01, 2027-03-01 20:00 o "next friday 8pm".',
  },
  'reason.bad-zone': {
    en: '{param} is not a time zone: use an IANA name such as Europe/Madrid, or UTC, UTC+2.',
    ca: '{param} no és una zona horària: feu servir un nom IANA com Europe/Madrid, o UTC, UTC+2.',
    es: '{param} no es una zona horaria: use un nombre IANA como Europe/Madrid, o UTC, UTC+2.',
  },
  'reason.unknown-term': {
    en: '{param} names a category or tag that does not exist (by slug or id).',
    ca: '{param} esmenta una categoria o etiqueta que no existeix (per slug o id).',
    es: '{param} menciona una categoría o etiqueta que no existe (por slug o id).',
  },
  'reason.bad-sync-token': {
    en: '{param} is not a sync token this service gave: send the next_sync_token of an earlier answer as it is.',
    ca: '{param} no és un testimoni de sincronització que aquest servei hagi donat: envieu tal qual el next_sync_token d’una resposta anterior.',
    es: '{param} no es un token de sincronización que este servicio haya dado: envíe tal cual el next_sync_token de una respuesta anterior.',
  },
  'reason.not-with-sync-token': {
    en: '{param} cannot be combined with sync_token: a sync answers every change of the collection.',
    ca: '{param} no es pot combinar amb sync_token: una sincronització respon tots els canvis de la col·lecció.',
    es: '{param} no se puede combinar con sync_token: una sincronización responde todos los cambios de la colección.',
  },
  'reason.recurrence-line': {
    en: '{param}: "{line}" is not an RRULE, RDATE or EXDATE line this service reads (RFC 5545).',
    ca: '{param}: "{line}" no és una línia RRULE, RDATE o EXDATE que aquest servei entengui (RFC 5545).',
    es: '{param}: "{line}" no es una línea RRULE, RDATE o EXDATE que este servicio entienda (RFC 5545).',
  },
  'reason.recurrence-one-rule': {
    en: '{param} may hold one RRULE only.',
    ca: '{param} només pot tenir una RRULE.',
    es: '{param} solo puede tener una RRULE.',
  },
  'reason.recurrence-unsupported': {
    en: '{param}: {part} is not supported; a series takes RRULE (FREQ, INTERVAL, COUNT, UNTIL, BYDAY, BYMONTHDAY, BYMONTH, BYSETPOS, WKST), RDATE and EXDATE.',
    ca: '{param}: {part} no és admès; una sèrie admet RRULE (FREQ, INTERVAL, COUNT, UNTIL, BYDAY, BYMONTHDAY, BYMONTH, BYSETPOS, WKST), RDATE i EXDATE.',
    es: '{param}: {part} no se admite; una serie admite RRULE (FREQ, INTERVAL, COUNT, UNTIL, BYDAY, BYMONTHDAY, BYMONTH, BYSETPOS, WKST), RDATE y EXDATE.',
  },
  'reason.recurrence-value': {
    en: '{param}: the value of {part} is not valid for this rule.',
    ca: '{param}: el valor de {part} no és vàlid per a aquesta regla.',
    es: '{param}: el valor de {part} no es válido para esta regla.',
  },
  'reason.recurrence-freq': {
    en: '{param}: an RRULE needs FREQ=DAILY, WEEKLY, MONTHLY or YEARLY.',
    ca: '{param}: una RRULE necessita FREQ=DAILY, WEEKLY, MONTHLY o YEARLY.',
    es: '{param}: una RRULE necesita FREQ=DAILY, WEEKLY, MONTHLY o YEARLY.',
  },
  'reason.recurrence-count-until': {
    en: '{param}: an RRULE takes COUNT or UNTIL, not both.',
    ca: '{param}: una RRULE admet COUNT o UNTIL, no tots dos.',
    es: '{param}: una RRULE admite COUNT o UNTIL, no ambos.',
  },
  'reason.recurrence-empty': {
    en: '{param} leaves the series without any occurrence.',
    ca: '{param} deixa la sèrie sense cap ocurrència.',
    es: '{param} deja la serie sin ninguna ocurrencia.',
  },
  'reason.recurrence-too-many-dates': {
    en: '{param} may list at most {limit} RDATE and EXDATE values.',
    ca: '{param} pot llistar com a màxim {limit} valors RDATE i EXDATE.',
    es: '{param} puede listar como máximo {limit} valores RDATE y EXDATE.',
  },
  'reason.auth-missing': {
    en: 'This needs a token: send Authorization: Bearer <token> (npm run -s token mints one).',
    ca: 'Cal un testimoni: envieu Authorization: Bearer <token> (npm run -s token en crea un).',
    es: 'Hace falta un token: envíe Authorization: Bearer <token> (npm run -s token crea uno).',
  },
  'reason.auth-not-bearer': {
    en: 'The Authorization header is not "Bearer <token>": Basic and other schemes are not accepted.',
    ca: 'La capçalera Authorization no és "Bearer <token>": Basic i altres esquemes no s’accepten.',
    es: 'La cabecera Authorization no es "Bearer <token>": Basic y otros esquemas no se aceptan.',
  },
  'reason.auth-malformed': {
    en: 'The token is not a signed JWT.',
    ca: 'El testimoni no és un JWT signat.',
    es: 'El token no es un JWT firmado.',
  },
  'reason.auth-expired': {
    en: 'The token expired at {time}.',
    ca: 'El testimoni va caducar a les {time}.',
    es: 'El token caducó a las {time}.',
  },
  'reason.auth-signature': {
    en: "The token's signature does not verify with this service's keys.",
    ca: 'La signatura del testimoni no es verifica amb les claus d’aquest servei.',
    es: 'La firma del token no se verifica con las claves de este servicio.',
  },
  'reason.auth-claim': {
    en: "The token's {claim} claim is not what this service expects.",
    ca: 'L’afirmació {claim} del testimoni no és la que espera aquest servei.',
    es: 'La afirmación {claim} del token no es la que espera este servicio.',
  },
  'reason.auth-algorithm': {
    en: 'Tokens signed with {alg} are not accepted here.',
    ca: 'Aquí no s’accepten testimonis signats amb {alg}.',
    es: 'Aquí no se aceptan tokens firmados con {alg}.',
  },
  'reason.auth-sub': {
    en: "The token's sub claim is not a positive integer user id.",
    ca: 'L’afirmació sub del testimoni no és un identificador d’usuari enter positiu.',
    es: 'La afirmación sub del token no es un identificador de usuario entero positivo.',
  },
  'reason.auth-unconfigured': {
    en: 'This service verifies no tokens: neither AUTH_JWT_SECRET nor AUTH_JWKS_URL is set.',
    ca: 'Aquest servei no verifica cap testimoni: no hi ha AUTH_JWT_SECRET ni AUTH_JWKS_URL.',
    es: 'Este servicio no verifica tokens: no hay AUTH_JWT_SECRET ni AUTH_JWKS_URL.',
  },
  'reason.webhook-url-inward': {
    en: '{param} reaches {address}, an address of this host or a private network; deliveries go only to public addresses unless WEBHOOK_ALLOWED_NETWORKS allows it.',
    ca: '{param} arriba a {address}, una adreça d’aquest servidor o d’una xarxa privada; els lliuraments només van a adreces públiques tret que WEBHOOK_ALLOWED_NETWORKS ho permeti.',
    es: '{param} llega a {address}, una dirección de este servidor o de una red privada; las entregas solo van a direcciones públicas salvo que WEBHOOK_ALLOWED_NETWORKS lo permita.',
  },
  'reason.recurrence-count-limit': {
    en: '{param}: COUNT={count} asks for more than the {limit} occurrences a series may have.',
    ca: '{param}: COUNT={count} demana més de les {limit} ocurrències que pot tenir una sèrie.',
    es: '{param}: COUNT={count} pide más de las {limit} ocurrencias que puede tener una serie.',
  },
  'reason.recurrence-until-limit': {
    en: '{param}: the rule gives more than the {limit} occurrences a series may have before its UNTIL; end it earlier, or use COUNT.',
    ca: '{param}: la regla dona més de les {limit} ocurrències que pot tenir una sèrie abans del seu UNTIL; acabeu-la abans, o feu servir COUNT.',
    es: '{param}: la regla da más de las {limit} ocurrencias que puede tener una serie antes de su UNTIL; termínela antes, o use COUNT.',
  },
  'reason.recurrence-rdate-before-start': {
    en: '{param}: RDATE {value} is before the start of the series (start_date is its first occurrence); move start_date instead.',
    ca: '{param}: RDATE {value} és anterior a l’inici de la sèrie (start_date és la seva primera ocurrència); canvieu start_date.',
    es: '{param}: RDATE {value} es anterior al inicio de la serie (start_date es su primera ocurrencia); cambie start_date.',
  },
  'reason.recurrence-first-excluded': {
    en: '{param}: the first occurrence is the series itself and cannot be excluded; move start_date instead.',
    ca: '{param}: la primera ocurrència és la sèrie mateixa i no es pot excloure; canvieu start_date.',
    es: '{param}: la primera ocurrencia es la serie misma y no se puede excluir; cambie start_date.',
  },
  'reason.recurrence-on-occurrence': {
    en: '{param} belongs to the series: change it on event {series}, its first occurrence.',
    ca: '{param} pertany a la sèrie: canvieu-lo a l’esdeveniment {series}, la seva primera ocurrència.',
    es: '{param} pertenece a la serie: cámbielo en el evento {series}, su primera ocurrencia.',
  },
  'reason.scope-not-recurring': {
    en: '{param}=following needs an occurrence of a recurring series.',
    ca: '{param}=following necessita una ocurrència d’una sèrie recurrent.',
    es: '{param}=following necesita una ocurrencia de una serie recurrente.',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type MessageKey = keyof typeof CATALOG;

/** Whether `value` names a text of the catalog. */
export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && Object.hasOwn(CATALOG, value);
}

export type MessageArgs = Readonly<Record<string, string | number>>;

/** The text of `key` in `language`, with `{name}` placeholders filled from `args`. */
export function translate(key: MessageKey, language: Language, args: MessageArgs = {}): string {
  const template: string = CATALOG[key][language];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in args ? String(args[name]) : whole,
  );
}
