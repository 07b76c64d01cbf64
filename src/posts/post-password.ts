import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Event passwords are stored as salted scrypt hashes (`scrypt$<N>$<salt>$<hash>`, base64url),
 * never as given. The cost is low on purpose: a list may check one password against up to 50
 * events, and these are shared page passwords, not account credentials.
 */
const COST = 4096;
const KEY_BYTES = 32;

function derive(password: string, salt: Buffer, cost: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_BYTES, { N: cost }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** The stored form of `password`. */
export async function hashPostPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, COST);
  return ['scrypt', COST, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Whether `password` is the one `stored` was made from; a malformed `stored` matches nothing. */
export async function postPasswordMatches(stored: string, password: string): Promise<boolean> {
  const [scheme, cost, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !cost || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), Number(cost));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
