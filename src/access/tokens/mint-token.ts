import { SignJWT } from 'jose';

/** What a locally minted token says. */
export interface TokenRequest {
  /** The user id (`sub`). */
  readonly sub: number;
  /** The role, under `roleClaim`; left out when undefined. */
  readonly role?: string;
  /** How long it is valid, in jose's form (`1h`, `30m`, `7d`); none means no `exp`. */
  readonly expiresIn?: string;
  readonly issuer?: string;
  readonly audience?: string;
  /** The claim that carries the role (`AUTH_ROLE_CLAIM`). */
  readonly roleClaim: string;
}

/**
 * An HS256 token signed with `secret`, as the service verifies with `AUTH_JWT_SECRET`. Used by
 * `npm run token` and by the tests, so both make the same tokens.
 */
export async function mintToken(secret: string, request: TokenRequest): Promise<string> {
  const claims = request.role === undefined ? {} : { [request.roleClaim]: request.role };
  let jwt = new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(request.sub))
    .setIssuedAt();
  if (request.expiresIn) jwt = jwt.setExpirationTime(request.expiresIn);
  if (request.issuer) jwt = jwt.setIssuer(request.issuer);
  if (request.audience) jwt = jwt.setAudience(request.audience);
  return jwt.sign(new TextEncoder().encode(secret));
}
