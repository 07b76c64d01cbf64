import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { OpenAPIObject } from '@nestjs/swagger';

type Json = Record<string, unknown>;

/** One response as the client saw it. */
export interface SeenResponse {
  readonly method: string;
  /** The path and query as the client sent them. */
  readonly url: string;
  readonly status: number;
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly body: string;
}

/** Methods whose responses are described per operation; OPTIONS is CORS's, HEAD has no body. */
const OPERATIONS = new Set(['get', 'post', 'put', 'patch', 'delete']);

const NAMESPACE = '/calendar/events/v1';

function asJson(value: unknown): Json {
  return typeof value === 'object' && value !== null ? (value as Json) : {};
}

/**
 * The schemas with every object closed: an object that lists its properties and says nothing of
 * others gets `additionalProperties: false`, so a field the document does not describe fails.
 * The document itself stays open for clients to evolve with.
 */
function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (typeof schema !== 'object' || schema === null) return schema;
  const copy: Json = {};
  for (const [key, value] of Object.entries(schema)) copy[key] = closed(value);
  if (copy['properties'] !== undefined && copy['additionalProperties'] === undefined) {
    copy['additionalProperties'] = false;
  }
  return copy;
}

/** `#/components/...` references, made to point into the schema registered as `doc`. */
function inDoc(schema: unknown): Json {
  return JSON.parse(
    JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/'),
  ) as Json;
}

interface Route {
  readonly pattern: RegExp;
  readonly names: string[];
  readonly template: string;
}

/**
 * Checks responses against the OpenAPI document the app serves: the operation must document the
 * status; a JSON body must match its schema (objects closed); required headers must be present
 * and match theirs; an error's `code` must be one the document gives as an example for that
 * status. Paths in the namespace that name no operation must answer with an error body.
 */
export class ContractCheck {
  private readonly ajv = new Ajv({ strict: false, allErrors: true });
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly routes: Route[];
  private readonly violations: string[] = [];
  private readonly checked = { responses: 0 };

  constructor(
    private readonly document: OpenAPIObject,
    private readonly prefix = '',
  ) {
    addFormats(this.ajv);
    this.ajv.addFormat('double', true);
    this.ajv.addSchema({ components: closed(document.components) }, 'doc');
    this.routes = Object.keys(document.paths).map((template) => {
      const names: string[] = [];
      const source = template.replace(/\{(\w+)\}/g, (_match, name: string) => {
        names.push(name);
        return '([^/]+)';
      });
      return { pattern: new RegExp(`^${source === '/' ? '/?' : `${source}/?`}$`), names, template };
    });
  }

  /** Watches every response `server` sends, from now on. */
  watch(server: Server): void {
    server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
      const chunks: Buffer[] = [];
      const write = response.write.bind(response) as (...args: unknown[]) => boolean;
      const end = response.end.bind(response) as (...args: unknown[]) => ServerResponse;
      const keep = (chunk: unknown): void => {
        if (typeof chunk === 'string') chunks.push(Buffer.from(chunk));
        else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
      };
      response.write = ((chunk: unknown, ...rest: unknown[]) => {
        keep(chunk);
        return write(chunk, ...rest);
      }) as ServerResponse['write'];
      response.end = ((chunk?: unknown, ...rest: unknown[]) => {
        if (typeof chunk !== 'function') keep(chunk);
        return end(chunk, ...rest);
      }) as ServerResponse['end'];
      const url = request.url ?? '';
      response.on('finish', () => {
        const headers: Record<string, string | undefined> = {};
        for (const [name, value] of Object.entries(response.getHeaders())) {
          headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
        }
        this.record({
          // The method the app acted on: `_method` and X-HTTP-Method-Override rewrite it.
          method: request.method ?? 'GET',
          url,
          status: response.statusCode,
          headers,
          body: Buffer.concat(chunks).toString('utf8'),
        });
      });
    });
  }

  /** Checks one response and keeps what is wrong with it. */
  record(seen: SeenResponse): void {
    const problems = this.problemsOf(seen);
    if (problems === null) return;
    this.checked.responses += 1;
    for (const problem of problems) {
      this.violations.push(`${seen.method} ${seen.url} → ${seen.status}: ${problem}`);
    }
  }

  /** What is wrong with `seen`, or null when it is not an API response (UI pages, CORS). */
  problemsOf(seen: SeenResponse): string[] | null {
    const method = seen.method.toLowerCase();
    const path = this.namespacePath(seen.url);
    if (path === null || !OPERATIONS.has(method)) return null;
    const operation = this.operationOf(method, path);
    if (operation === null) return this.problemsOfUnknownRoute(seen);
    const response = asJson(asJson(operation.operation['responses'])[String(seen.status)]);
    if (Object.keys(response).length === 0) {
      return [
        `status ${seen.status} is not documented for ${method.toUpperCase()} ${operation.template}`,
      ];
    }
    const key = `${method} ${operation.template} ${seen.status}`;
    const problems = [...this.headerProblems(key, response, seen)];
    if (/^text\/calendar\b/.test(seen.headers['content-type'] ?? '')) {
      if (asJson(response['content'])['text/calendar'] === undefined) {
        problems.push('an iCalendar body where the document describes none');
      } else if (method !== 'head' && !seen.body.startsWith('BEGIN:VCALENDAR\r\n')) {
        problems.push('a text/calendar body that is not an iCalendar object');
      }
      return problems;
    }
    const content = asJson(asJson(response['content'])['application/json']);
    if (content['schema'] === undefined) {
      if (seen.body !== '') problems.push('a body where the document describes none');
      return problems;
    }
    const bodyProblems = this.bodyProblems(key, content['schema'], seen);
    problems.push(...bodyProblems);
    if (seen.status >= 400 && bodyProblems.length === 0) {
      problems.push(...this.codeProblems(asJson(content['examples']), seen));
    }
    return problems;
  }

  /**
   * What is wrong with the document's own success examples (the recorded answers Swagger UI
   * shows): each must match its response's schema, objects closed, as a real answer must.
   */
  exampleProblems(): string[] {
    const problems: string[] = [];
    for (const [template, item] of Object.entries(this.document.paths)) {
      for (const [method, operation] of Object.entries(asJson(item))) {
        if (!OPERATIONS.has(method)) continue;
        for (const [status, response] of Object.entries(asJson(asJson(operation)['responses']))) {
          const json = asJson(asJson(asJson(response)['content'])['application/json']);
          if (!('example' in json)) continue;
          const validate = this.validator(`${method} ${template} ${status} body`, json['schema']);
          if (validate(json['example'])) continue;
          for (const error of validate.errors ?? []) {
            problems.push(
              `${method.toUpperCase()} ${template} ${status} example${error.instancePath} ${error.message ?? ''}`,
            );
          }
        }
      }
    }
    return problems;
  }

  /** Every problem seen since the last call, and forgets them. */
  take(): string[] {
    return this.violations.splice(0);
  }

  /** How many API responses were checked. */
  get responsesChecked(): number {
    return this.checked.responses;
  }

  /** The path after `{prefix}[/{lang}]/calendar/events/v1`, or null outside the namespace. */
  private namespacePath(url: string): string | null {
    const path = url.split('?')[0] ?? '';
    const match = new RegExp(`^${this.prefix}(?:/(?:ca|en|es))?${NAMESPACE}(/.*)?$`).exec(path);
    if (!match) return null;
    return match[1] ?? '/';
  }

  private operationOf(method: string, path: string): { template: string; operation: Json } | null {
    for (const route of this.routes) {
      const match = route.pattern.exec(path);
      if (!match) continue;
      const operation = this.operationFor(asJson(this.document.paths[route.template]), method);
      if (operation === null) continue;
      const parameters = Array.isArray(operation['parameters']) ? operation['parameters'] : [];
      const fits = route.names.every((name, i) => {
        const parameter = parameters
          .map(asJson)
          .find((p) => p['name'] === name && p['in'] === 'path');
        const raw = decodeURIComponent(match[i + 1] ?? '');
        const schema = asJson(parameter?.['schema']);
        const value = schema['type'] === 'integer' && /^\d+$/.test(raw) ? Number(raw) : raw;
        return this.validator(`path ${route.template} ${name}`, schema)(value);
      });
      if (fits) return { template: route.template, operation };
    }
    return null;
  }

  /**
   * The operation of `item` that answers `method`: its own, or the one that names the method in
   * `x-method-aliases` (PUT and PATCH on item routes are the POST update).
   */
  private operationFor(item: Json, method: string): Json | null {
    const own = asJson(item[method]);
    if (Object.keys(own).length > 0) return own;
    for (const candidate of Object.values(item).map(asJson)) {
      const aliases = candidate['x-method-aliases'];
      if (Array.isArray(aliases) && aliases.includes(method.toUpperCase())) return candidate;
    }
    return null;
  }

  /** A path of the namespace that names no operation answers with an error body. */
  private problemsOfUnknownRoute(seen: SeenResponse): string[] {
    if (seen.status < 400) {
      return [`${seen.status} on a path and method the document does not have`];
    }
    return this.bodyProblems('error', { $ref: '#/components/schemas/Error' }, seen);
  }

  private headerProblems(key: string, response: Json, seen: SeenResponse): string[] {
    const problems: string[] = [];
    for (const [name, raw] of Object.entries(asJson(response['headers']))) {
      const header = asJson(raw);
      const value = seen.headers[name.toLowerCase()];
      if (value === undefined) {
        if (header['required'] === true) problems.push(`header ${name} is missing`);
        continue;
      }
      const schema = asJson(header['schema']);
      const typed = schema['type'] === 'integer' && /^\d+$/.test(value) ? Number(value) : value;
      const validate = this.validator(`${key} header ${name}`, schema);
      if (!validate(typed)) {
        problems.push(`header ${name}: ${this.ajv.errorsText(validate.errors)}`);
      }
    }
    return problems;
  }

  private bodyProblems(key: string, schema: unknown, seen: SeenResponse): string[] {
    if (!/^application\/json\b/.test(seen.headers['content-type'] ?? '')) {
      return [`content type ${seen.headers['content-type'] ?? 'none'}, not JSON`];
    }
    let body: unknown;
    try {
      body = JSON.parse(seen.body);
    } catch {
      return ['the body is not JSON'];
    }
    const validate = this.validator(`${key} body`, schema);
    if (validate(body)) return [];
    return (validate.errors ?? []).map(
      (error) => `body${error.instancePath} ${error.message ?? ''} ${JSON.stringify(error.params)}`,
    );
  }

  private codeProblems(examples: Json, seen: SeenResponse): string[] {
    const codes = Object.values(examples).map(
      (example) => asJson(asJson(example)['value'])['code'],
    );
    const code = asJson(JSON.parse(seen.body) as unknown)['code'];
    return codes.includes(code)
      ? []
      : [`error code ${String(code)} is not among ${codes.join(', ')}`];
  }

  private validator(key: string, schema: unknown): ValidateFunction {
    let validate = this.validators.get(key);
    if (!validate) {
      validate = this.ajv.compile(inDoc(closed(schema)));
      this.validators.set(key, validate);
    }
    return validate;
  }
}

/** The checks of the apps the current test file runs. */
const checks = new Set<ContractCheck>();

/** Checks every response `server` sends against `document` until the test file ends. */
export function checkContract(
  server: Server,
  document: OpenAPIObject,
  prefix: string,
): ContractCheck {
  const check = new ContractCheck(document, prefix);
  check.watch(server);
  checks.add(check);
  return check;
}

/** The problems every watched app has seen since the last call. */
export function takeContractViolations(): string[] {
  return [...checks].flatMap((check) => check.take());
}
