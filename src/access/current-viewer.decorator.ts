import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { viewerOf } from './access.guard';
import { Viewer } from './viewer';

/** The viewer of the request, as the access guard established it. */
export const CurrentViewer = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Viewer =>
    viewerOf(context.switchToHttp().getRequest<Request>()),
);
