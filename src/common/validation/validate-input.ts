import { ClassConstructor, plainToInstance } from 'class-transformer';
import { validateSync, ValidationError } from 'class-validator';
import { InvalidParamsError, MissingParamsError, ParamProblem } from '../errors/domain-error';
import { MessageKey } from '../i18n/messages';

/** What a validator decorator may carry in its `context` to shape the error it produces. */
export interface ProblemContext {
  message?: MessageKey;
  detailCode?: string;
}

function problemOf(error: ValidationError): ParamProblem {
  const failed = Object.keys(error.constraints ?? {})[0];
  const context = (failed ? error.contexts?.[failed] : undefined) as ProblemContext | undefined;
  if (!failed && error.children && error.children.length > 0) {
    return { param: error.property, message: 'param.invalid' };
  }
  return {
    param: error.property,
    message: context?.message ?? 'param.invalid',
    ...(context?.detailCode ? { detailCode: context.detailCode } : {}),
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
