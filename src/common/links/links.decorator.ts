import { createParamDecorator, ExecutionContext, Injectable, PipeTransform } from '@nestjs/common';
import type { Request } from 'express';
import { AppConfig } from '../../config/app-config';
import { ApiLinks, linksFor } from './links';

const RawRequest = createParamDecorator((_data: unknown, context: ExecutionContext): Request =>
  context.switchToHttp().getRequest<Request>(),
);

/** Turns the request into its absolute links. */
@Injectable()
export class LinksPipe implements PipeTransform<Request, ApiLinks> {
  constructor(private readonly config: AppConfig) {}

  transform(request: Request): ApiLinks {
    return linksFor(this.config, request);
  }
}

/** The absolute links of the current request. */
export const Links = (): ParameterDecorator => RawRequest(LinksPipe);
