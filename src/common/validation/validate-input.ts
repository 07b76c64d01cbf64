import { ClassConstructor, plainToInstance } from 'class-transformer';
import { validateSync, ValidationError } from 'class-validator';
import { InvalidParamsError, MissingParamsError, ParamProblem } from '../errors/domain-error';
import { isMessageKey, MessageKey } from '../i18n/messages';

/** What a validator decorator may carry to shape the error it produces. */
export interface ProblemContext {
  message?: MessageKey;
  detailCode?: string;
}

const SEPARATOR = '|';

/**
 * Validation options that make a failed constraint report `problem`. It travels in the
 * constraint's message, which every validator keeps (custom ones drop `context`).
 */
export function reportAs(problem: ProblemContext): { message: string } {
  return {
    message: `${problem.message ?? 'param.invalid'}${SEPARATOR}${problem.detailCode ?? ''}`,
  };
}

function problemOf(error: ValidationError): ParamProblem {
  const failed = Object.values(error.constraints ?? {})[0] ?? '';
  const [message, detailCode] = failed.includes(SEPARATOR) ? failed.split(SEPARATOR) : [];
  return {
    param: error.property,
    message: isMessageKey(message) ? message : 'param.invalid',
    ...(detailCode ? { detailCode } : {}),
  };
}

function isMissing(error: ValidationError): boolean {
  return error.constraints?.['isDefined'] !== undefined && error.value === undefined;
}

/**
 * Converts `plain` (a query or body) into `type` and validates it, WordPress's way: missing
 * required parameters are reported first, all together; then every invalid one, all together.
 */
export function validateInput<T extends object>(type: ClassConstructor<T>, plain: unknown): T {
  const source = typeof plain === 'object' && plain !== null && !Array.isArray(plain) ? plain : {};
  const instance = plainToInstance(type, source, { exposeDefaultValues: false });
  const errors = validateSync(instance, {
    whitelist: true,
    forbidNonWhitelisted: false,
    stopAtFirstError: true,
    validationError: { target: false, value: true },
  });
  if (errors.length === 0) return instance;
  const missing = errors.filter(isMissing).map((error) => error.property);
  if (missing.length > 0) throw new MissingParamsError(missing);
  throw new InvalidParamsError(errors.map(problemOf));
}
