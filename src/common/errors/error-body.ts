import { Language } from '../i18n/language';
import { translate } from '../i18n/messages';
import {
  DomainError,
  InvalidJsonError,
  InvalidParamsError,
  MissingParamsError,
  NotAuthenticatedError,
} from './domain-error';
import { ERROR_KINDS, messageKeyOf } from './error-kinds';

/** The contract's error body: `{code, message, data: {status, ...}}`. */
export interface ErrorBody {
  code: string;
  message: string;
  data: { status: number } & Record<string, unknown>;
}

function invalidParamsData(error: InvalidParamsError, language: Language): Record<string, unknown> {
  const params: Record<string, string> = {};
  const details: Record<string, unknown> = {};
  for (const problem of error.problems) {
    const message = translate(problem.message, language, { param: problem.param });
    params[problem.param] = message;
    if (problem.detailCode || problem.reason) {
      details[problem.param] = {
        code: problem.detailCode ?? 'rest_invalid_param',
        message: problem.reason
          ? translate(problem.reason, language, { ...problem.reasonArgs, param: problem.param })
          : message,
        data: { param: problem.param },
      };
    }
  }
  return { params, details: Object.keys(details).length > 0 ? details : [] };
}

function extraData(error: DomainError, language: Language): Record<string, unknown> {
  if (error instanceof InvalidParamsError) return invalidParamsData(error, language);
  if (error instanceof NotAuthenticatedError) {
    const { error: code, reason, reasonArgs } = error.problem;
    return {
      details: {
        authorization: {
          code: code ?? 'missing_token',
          message: translate(reason, language, reasonArgs),
        },
      },
    };
  }
  if (error instanceof MissingParamsError) return { params: [...error.params] };
  if (error instanceof InvalidJsonError) {
    return { json_error_code: 4, json_error_message: error.detail };
  }
  return { ...error.data };
}

/** Builds the body and status the caller sees for `error`, written in `language`. */
export function errorBody(error: DomainError, language: Language): ErrorBody {
  const kind = ERROR_KINDS[error.kind];
  return {
    code: kind.code,
    message: translate(messageKeyOf(error.kind), language, error.args),
    data: { status: kind.status, ...extraData(error, language) },
  };
}
