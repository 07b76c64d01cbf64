import { NotAuthenticatedError } from '../../common/errors/domain-error';
import { AppConfig } from '../../config/app-config';
import { mintToken } from './mint-token';
import { TokenVerifier } from './token-verifier';

const SECRET = 'a-test-secret-of-at-least-32-characters';

function verifier(): TokenVerifier {
  return new TokenVerifier(Object.assign(new AppConfig(), { AUTH_JWT_SECRET: SECRET }));
}

/** The reason `header` is refused with, or `accepted`. */
async function outcome(tokens: TokenVerifier, header: string): Promise<string> {
  try {
    await tokens.authenticate(header);
    return 'accepted';
  } catch (error: unknown) {
    if (!(error instanceof NotAuthenticatedError)) throw error;
    return error.problem.reason;
  }
}

describe('TokenVerifier', () => {
  const start = Date.parse('2026-12-07T12:00:00Z');

  beforeEach(() => jest.useFakeTimers({ now: start, doNotFake: ['nextTick', 'setImmediate'] }));
  afterEach(() => jest.useRealTimers());

  it('answers a token that verified from memory only until its exp and the clock tolerance', async () => {
    const tokens = verifier();
    const token = await mintToken(SECRET, {
      sub: 7,
      role: 'editor',
      expiresIn: '10s',
      roleClaim: new AppConfig().AUTH_ROLE_CLAIM,
    });
    const header = `Bearer ${token}`;

    expect(await tokens.authenticate(header)).toEqual({ userId: 7, role: 'editor' });
    jest.setSystemTime(start + 39_000);
    expect(await tokens.authenticate(header)).toEqual({ userId: 7, role: 'editor' });
    jest.setSystemTime(start + 41_000);
    expect(await outcome(tokens, header)).toBe('reason.auth-expired');
    expect(await outcome(tokens, header)).toBe('reason.auth-expired');
  });

  it('refuses a token signed with another secret every time, and keeps accepting a good one', async () => {
    const tokens = verifier();
    const roleClaim = new AppConfig().AUTH_ROLE_CLAIM;
    // The same claims as the good token: only the signature tells them apart, so a memory
    // keyed by anything but the whole token would let the forged one in after the good one.
    const forged = await mintToken('another-secret-of-at-least-32-characters', {
      sub: 2,
      role: 'author',
      roleClaim,
    });
    const good = await mintToken(SECRET, { sub: 2, role: 'author', roleClaim });

    expect(await outcome(tokens, `Bearer ${forged}`)).toBe('reason.auth-signature');
    expect(await outcome(tokens, `Bearer ${good}`)).toBe('accepted');
    expect(await outcome(tokens, `Bearer ${forged}`)).toBe('reason.auth-signature');
    jest.setSystemTime(start + 120_000);
    expect(await outcome(tokens, `Bearer ${good}`)).toBe('accepted');
  });
});
