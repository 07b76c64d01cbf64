import { Injectable, Logger } from '@nestjs/common';
import {
  createRemoteJWKSet,
  decodeProtectedHeader,
  JWTPayload,
  JWTVerifyOptions,
  jwtVerify,
} from 'jose';
import { CredentialProblem, NotAuthenticatedError } from '../../common/errors/domain-error';
import { AppConfig } from '../../config/app-config';
import { isRole, Role, ROLES, Viewer } from '../viewer';

/** Algorithms accepted from a key set; a shared secret signs with HS256 only. */
const KEY_SET_ALGORITHMS = ['RS256', 'ES256'];

/** How long fetched keys are kept, and the least time between two fetches. */
const KEY_SET_CACHE_MS = 10 * 60 * 1000;
const KEY_SET_COOLDOWN_MS = 30 * 1000;

/** Clock difference tolerated on `exp` and `nbf`, in seconds. */
const CLOCK_TOLERANCE_S = 30;

/**
 * Tokens that verified are answered from memory for at most this long (and never past their
 * `exp` and its tolerance): a client sends one token with many requests, and its signature
 * took 50 µs of each anonymous-speed read. A key removed from the key set stops verifying
 * within this time (jose keeps the keys it fetched ten minutes anyway).
 */
const KEPT_TOKEN_MS = 60_000;
/** At most this many tokens are kept (the oldest goes first), each at most this long. */
const MAX_KEPT_TOKENS = 1_000;
const MAX_KEPT_TOKEN_CHARS = 4_096;

/** A user id is a positive integer that fits the `author` columns (unsigned 32 bits). */
const USER_ID = /^[1-9]\d{0,9}$/;
const MAX_USER_ID = 4_294_967_295;

/** Why a credential was refused: told to the caller (401) and logged at debug. */
class Refused extends Error {
  constructor(readonly problem: CredentialProblem) {
    super(problem.reason);
  }
}

/** What a failure of `jose` (by its code, read by shape) says to the caller. */
function problemOf(error: unknown): CredentialProblem {
  if (error instanceof Refused) return error.problem;
  const { code, claim, payload } = error as { code?: unknown; claim?: unknown; payload?: unknown };
  switch (code) {
    case 'ERR_JWT_EXPIRED': {
      const exp = (payload as { exp?: unknown } | undefined)?.exp;
      const time = typeof exp === 'number' ? new Date(exp * 1000).toISOString() : 'its exp';
      return { error: 'invalid_token', reason: 'reason.auth-expired', reasonArgs: { time } };
    }
    case 'ERR_JWT_CLAIM_VALIDATION_FAILED':
      return {
        error: 'invalid_token',
        reason: 'reason.auth-claim',
        reasonArgs: { claim: typeof claim === 'string' ? claim : 'a' },
      };
    case 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED':
    case 'ERR_JWKS_NO_MATCHING_KEY':
    case 'ERR_JWKS_MULTIPLE_MATCHING_KEYS':
      return { error: 'invalid_token', reason: 'reason.auth-signature' };
    default:
      return { error: 'invalid_token', reason: 'reason.auth-malformed' };
  }
}

/**
 * Turns an `Authorization` header into a viewer, or refuses it (401 `rest_forbidden`). Tokens
 * are JWTs signed with the shared secret `AUTH_JWT_SECRET` (HS256) or by a key of the set at
 * `AUTH_JWKS_URL` (RS256/ES256; fetched when a token names an unknown key, kept ten minutes);
 * `AUTH_ISSUER` and `AUTH_AUDIENCE` are checked when set, `exp` and `nbf` when present.
 */
@Injectable()
export class TokenVerifier {
  private readonly logger = new Logger('Access');
  private readonly secret: Uint8Array | undefined;
  private readonly keySet: ReturnType<typeof createRemoteJWKSet> | undefined;
  private readonly options: JWTVerifyOptions;
  private readonly roleClaim: string;
  /** Tokens that verified, with their claims, until when each is answered from memory (ms). */
  private readonly kept = new Map<
    string,
    { readonly payload: JWTPayload; readonly until: number }
  >();

  constructor(config: AppConfig) {
    this.secret = config.AUTH_JWT_SECRET
      ? new TextEncoder().encode(config.AUTH_JWT_SECRET)
      : undefined;
    this.keySet = config.AUTH_JWKS_URL
      ? createRemoteJWKSet(new URL(config.AUTH_JWKS_URL), {
          cacheMaxAge: KEY_SET_CACHE_MS,
          cooldownDuration: KEY_SET_COOLDOWN_MS,
        })
      : undefined;
    this.options = {
      ...(config.AUTH_ISSUER ? { issuer: config.AUTH_ISSUER } : {}),
      ...(config.AUTH_AUDIENCE ? { audience: config.AUTH_AUDIENCE } : {}),
      clockTolerance: CLOCK_TOLERANCE_S,
      requiredClaims: ['sub'],
    };
    this.roleClaim = config.AUTH_ROLE_CLAIM;
    if (!this.configured) {
      this.logger.warn(
        'Neither AUTH_JWT_SECRET nor AUTH_JWKS_URL is set: tokens cannot be verified, so every write is refused (401). Reads work.',
      );
    }
  }

  /** Whether tokens can be verified at all. */
  get configured(): boolean {
    return this.secret !== undefined || this.keySet !== undefined;
  }

  /** The viewer an `Authorization` header names; 401 unless it is a bearer token that verifies. */
  async authenticate(header: string): Promise<Viewer> {
    try {
      const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
      if (!match?.[1]) {
        throw new Refused({ error: 'invalid_request', reason: 'reason.auth-not-bearer' });
      }
      return this.viewerOf(await this.verify(match[1]));
    } catch (error: unknown) {
      const problem = problemOf(error);
      this.logger.debug(`Credential refused: ${problem.reason}`);
      throw new NotAuthenticatedError(problem);
    }
  }

  /** `token`'s claims once it verifies: from memory when it verified shortly before. */
  private async verify(token: string): Promise<JWTPayload> {
    const now = Date.now();
    const kept = this.kept.get(token);
    if (kept !== undefined && now < kept.until) return kept.payload;
    if (kept !== undefined) this.kept.delete(token);
    const payload = await this.verifyNow(token);
    if (token.length <= MAX_KEPT_TOKEN_CHARS) {
      const expires =
        typeof payload.exp === 'number'
          ? (payload.exp + CLOCK_TOLERANCE_S) * 1000
          : Number.POSITIVE_INFINITY;
      if (this.kept.size >= MAX_KEPT_TOKENS) {
        const oldest = this.kept.keys().next();
        if (oldest.done !== true) this.kept.delete(oldest.value);
      }
      this.kept.set(token, { payload, until: Math.min(now + KEPT_TOKEN_MS, expires) });
    }
    return payload;
  }

  private async verifyNow(token: string): Promise<JWTPayload> {
    if (!this.configured) {
      throw new Refused({ error: 'invalid_token', reason: 'reason.auth-unconfigured' });
    }
    const { alg } = decodeProtectedHeader(token);
    if (alg === 'HS256' && this.secret) {
      const { payload } = await jwtVerify(token, this.secret, {
        ...this.options,
        algorithms: ['HS256'],
      });
      return payload;
    }
    if (alg !== undefined && KEY_SET_ALGORITHMS.includes(alg) && this.keySet) {
      const { payload } = await jwtVerify(token, this.keySet, {
        ...this.options,
        algorithms: KEY_SET_ALGORITHMS,
      });
      return payload;
    }
    throw new Refused({
      error: 'invalid_token',
      reason: 'reason.auth-algorithm',
      reasonArgs: { alg: alg ?? 'no algorithm' },
    });
  }

  /**
   * `sub` must be a positive integer user id. The role claim may hold one role or a list, of
   * which the most trusted counts; a claim naming no known role gives a user with no rights.
   */
  private viewerOf(payload: JWTPayload): Viewer {
    const sub = payload.sub ?? '';
    if (!USER_ID.test(sub) || Number(sub) > MAX_USER_ID) {
      throw new Refused({ error: 'invalid_token', reason: 'reason.auth-sub' });
    }
    const claimed: unknown = payload[this.roleClaim];
    const listed: unknown[] = Array.isArray(claimed) ? claimed : [claimed];
    const role: Role | undefined = ROLES.find((known) =>
      listed.some((value) => isRole(value) && value === known),
    );
    return { userId: Number(sub), role: role ?? null };
  }
}
