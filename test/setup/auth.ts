import request from 'supertest';
import type { App } from 'supertest/types';
import { mintToken } from '../../src/access/tokens/mint-token';

/** The HS256 secret the test app verifies tokens with (AUTH_JWT_SECRET). */
export const TEST_SECRET = 'e2e-secret-that-is-long-enough-for-hs256';

/** The user id of the administrator most tests write as. */
export const ADMIN_ID = 1;

/** A token for `sub` with `role`, made by the code `npm run token` uses. */
export function tokenFor(
  role: string | undefined,
  sub: number = ADMIN_ID,
  options: { expiresIn?: string; secret?: string; issuer?: string; audience?: string } = {},
): Promise<string> {
  return mintToken(options.secret ?? TEST_SECRET, {
    sub,
    role,
    roleClaim: 'role',
    expiresIn: options.expiresIn ?? '1h',
    issuer: options.issuer,
    audience: options.audience,
  });
}

/** `Authorization` header value for `role` and `sub`. */
export async function bearer(role: string | undefined, sub: number = ADMIN_ID): Promise<string> {
  return `Bearer ${await tokenFor(role, sub)}`;
}

/** A client of `http` that sends an administrator's token with every request. */
export async function adminClient(http: App): Promise<ReturnType<typeof request.agent>> {
  return request.agent(http).set('Authorization', await bearer('administrator'));
}
