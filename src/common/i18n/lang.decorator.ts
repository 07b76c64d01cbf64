import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { Language } from './language';
import { requestState } from './request-language';

/** The language resolved for the current request by the language interceptor. */
export const Lang = createParamDecorator((_data: unknown, context: ExecutionContext): Language => {
  const language = requestState(context.switchToHttp().getRequest<Request>()).language;
  if (!language) throw new Error('The language interceptor did not run for this request');
  return language;
});
