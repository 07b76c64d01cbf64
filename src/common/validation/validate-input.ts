import { ApiProperty } from '@nestjs/swagger';
import { ClassConstructor, plainToInstance } from 'class-transformer';
import { validateSync, ValidationError, type ValidationArguments } from 'class-validator';
import { InvalidParamsError, MissingParamsError, ParamProblem } from '../errors/domain-error';
import { isMessageKey, MessageKey } from '../i18n/messages';
import { asRecord } from './convert';
import { InputTooDeepError, isUnsafeKey, safeInput } from './safe-input';

/** What a validator decorator may carry to shape the error it produces. */
export interface ProblemContext {
  message?: MessageKey;
  detailCode?: string;
}

/** What travels in a failed constraint's message (validators keep it; custom ones drop `context`). */
interface Reported {
  readonly message: string;
  readonly detailCode: string;
  /** The constraint's own arguments (a bound, the allowed values). */
  readonly constraints: readonly unknown[];
}

/** Validation options that make a failed constraint report `problem`. */
export function reportAs(problem: ProblemContext): {
  message: (args: ValidationArguments) => string;
} {
  return {
    message: (args) =>
      JSON.stringify({
        message: problem.message ?? 'param.invalid',
        detailCode: problem.detailCode ?? '',
        constraints: args.constraints ?? [],
      } satisfies Reported),
  };
}

/** Why a constraint of this name fails, as data.details says it. */
function reasonOf(
  constraint: string,
  args: readonly unknown[],
): Pick<ParamProblem, 'reason' | 'reasonArgs'> {
  const first = args[0];
  switch (constraint) {
    case 'isInt':
      return { reason: 'reason.not-integer' };
    case 'min':
      return { reason: 'reason.min', reasonArgs: { limit: String(first) } };
    case 'max':
      return { reason: 'reason.max', reasonArgs: { limit: String(first) } };
    case 'isIn':
      return {
        reason: 'reason.not-in-enum',
        reasonArgs: { values: Array.isArray(first) ? first.join(', ') : String(first) },
      };
    case 'minLength':
    case 'arrayNotEmpty':
    case 'notEmpty':
      return { reason: 'reason.empty' };
    case 'isHttpUrl':
      return { reason: 'reason.http-url' };
    case 'maxLength':
      return { reason: 'reason.too-long', reasonArgs: { limit: String(first) } };
    case 'isString':
      return { reason: 'reason.not-string' };
    case 'isArray':
      return { reason: 'reason.not-list' };
    case 'matches':
      return { reason: 'reason.pattern' };
    case 'isDateInput':
      return { reason: 'reason.bad-date' };
    case 'isZone':
      return { reason: 'reason.bad-zone' };
    default:
      return {};
  }
}

function reportedOf(text: string): Reported | null {
  try {
    const parsed = JSON.parse(text) as Partial<Reported> | null;
    return typeof parsed?.message === 'string' ? (parsed as Reported) : null;
  } catch {
    return null;
  }
}

function problemOf(error: ValidationError): ParamProblem {
  const [constraint, text] = Object.entries(error.constraints ?? {})[0] ?? ['', ''];
  const reported = reportedOf(text);
  const message = reported?.message;
  return {
    param: error.property,
    message: isMessageKey(message) ? message : 'param.invalid',
    ...(reported?.detailCode ? { detailCode: reported.detailCode } : {}),
    ...reasonOf(constraint, reported?.constraints ?? []),
  };
}

const requiredParams = new WeakMap<object, readonly string[]>();

/**
 * Declares the parameters a DTO requires, in the order a missing-parameters error lists them,
 * and marks them required in the OpenAPI document.
 */
export function requireParams(type: ClassConstructor<object>, names: readonly string[]): void {
  requiredParams.set(type, names);
  for (const name of names) ApiProperty({ required: true })(type.prototype as object, name);
}

function missingParams(type: object, source: Record<string, unknown>): string[] {
  return (requiredParams.get(type) ?? []).filter(
    (name) => source[name] === undefined || source[name] === null,
  );
}

/**
 * `plain` as a record of safe values (safe-input.ts); a parameter nested too deep is invalid.
 */
function safeSource(plain: unknown): Record<string, unknown> {
  const source: Record<string, unknown> = {};
  const tooDeep: ParamProblem[] = [];
  for (const [param, value] of Object.entries(asRecord(plain))) {
    if (isUnsafeKey(param)) continue;
    try {
      source[param] = safeInput(value, 1);
    } catch (error: unknown) {
      if (!(error instanceof InputTooDeepError)) throw error;
      tooDeep.push({ param, message: 'param.invalid' });
    }
  }
  if (tooDeep.length > 0) throw new InvalidParamsError(tooDeep);
  return source;
}

/**
 * Converts `plain` (a query or body) into `type` and validates it, WordPress's way: missing
 * required parameters (null counts as missing) are reported first, all together; then every
 * invalid one, all together.
 */
export function validateInput<T extends object>(type: ClassConstructor<T>, plain: unknown): T {
  const source = safeSource(plain);
  const missing = missingParams(type, source);
  if (missing.length > 0) throw new MissingParamsError(missing);
  const instance = plainToInstance(type, source, { exposeDefaultValues: false });
  const errors = validateSync(instance, {
    whitelist: true,
    forbidNonWhitelisted: false,
    stopAtFirstError: true,
    validationError: { target: false, value: true },
  });
  if (errors.length === 0) return instance;
  throw new InvalidParamsError(errors.map(problemOf));
}
