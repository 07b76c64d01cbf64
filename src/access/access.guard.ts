import { CanActivate, ExecutionContext, Injectable, Logger } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { requestState } from '../common/i18n/request-language';
import { OWN_CREDENTIALS_KEY, Permission, PERMISSION_KEY } from './permission.decorator';
import { readsAsAnonymous } from './rights';
import { TokenVerifier } from './tokens/token-verifier';
import { ANONYMOUS, Viewer } from './viewer';

const viewers = new WeakMap<Request, Viewer>();

/** The viewer the access guard established for `request` (anonymous until it ran). */
export function viewerOf(request: Request): Viewer {
  return viewers.get(request) ?? ANONYMOUS;
}

/**
 * Establishes who is asking, before anything else runs: a request with an `Authorization`
 * header that does not verify is 401 on every route. Rights are not decided here: parameter
 * validation comes first (400 before 401/403, docs/behaviour.md#errors), so each service checks the viewer's
 * rights (`rights.ts`) once the request is known to be well formed and before it writes.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  private readonly logger = new Logger('Access');

  constructor(
    private readonly reflector: Reflector,
    private readonly verifier: TokenVerifier,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    if (
      this.reflector.getAllAndOverride<boolean | undefined>(OWN_CREDENTIALS_KEY, [
        context.getHandler(),
        context.getClass(),
      ])
    ) {
      viewers.set(request, ANONYMOUS);
      return true;
    }
    const header = request.headers.authorization;
    const viewer = header === undefined ? ANONYMOUS : await this.verifier.authenticate(header);
    viewers.set(request, viewer);
    requestState(request).sharedReader = readsAsAnonymous(viewer);
    const permission = this.reflector.get<Permission | undefined>(
      PERMISSION_KEY,
      context.getHandler(),
    );
    if (permission && !this.verifier.configured) {
      this.logger.warn(
        `${request.method} ${request.path} (${permission}) is refused: set AUTH_JWT_SECRET or AUTH_JWKS_URL to verify tokens`,
      );
    }
    return true;
  }
}
