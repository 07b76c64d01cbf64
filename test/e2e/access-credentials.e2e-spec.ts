import { Logger } from '@nestjs/common';
import { exportJWK, generateKeyPair, JWK, SignJWT } from 'jose';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import request from 'supertest';
import { createEvent, eventBody } from '../factories/event.factory';
import { bearer, TEST_SECRET, tokenFor } from '../setup/auth';
import { createTestApp, TestApp, useTestApp } from '../setup/test-app';

/** A key pair jose made. */
type KeyPair = Awaited<ReturnType<typeof generateKeyPair>>;
/** A key jose signs with. */
type KeyLike = KeyPair['privateKey'];

const EVENTS = '/calendar/events/v1/events';
const CATEGORIES = '/calendar/events/v1/categories';

const REFUSED = {
  code: 'rest_forbidden',
  message: 'Sorry, you are not allowed to do that.',
  data: { status: 401 },
};

/**
 * TEC's 401 with the reason in `data.details.authorization` (its RFC 6750 error, or
 * `missing_token`), and the `WWW-Authenticate` challenge that names the same error.
 */
function expectRefused(
  response: { status: number; body: unknown; headers: Record<string, string> },
  why: string,
  error = 'invalid_token',
): void {
  expect(response.status).toBe(401);
  expect(response.body).toEqual({
    ...REFUSED,
    data: {
      status: 401,
      details: {
        authorization: { code: error, message: expect.stringContaining(why) as unknown },
      },
    },
  });
  expect(response.headers['www-authenticate']).toEqual(
    error === 'missing_token'
      ? 'Bearer realm="calendar-events"'
      : expect.stringMatching(
          new RegExp(
            `^Bearer realm="calendar-events", error="${error}", error_description="[^"]+"$`,
          ),
        ),
  );
}

/** What each refused token of the table below is told. */
const WHY: Record<string, string> = {
  'a wrong secret': 'signature does not verify',
  'no issuer': 'iss claim',
  'another issuer': 'iss claim',
  'another audience': 'aud claim',
  'an expired exp': 'The token expired at',
  'an nbf to come': 'nbf claim',
  'a sub that is not a user id': 'sub claim',
  'a sub of 0': 'sub claim',
  'no sub': 'sub claim',
  'an unsigned token (alg none)': 'Tokens signed with none are not accepted',
  garbage: 'not a signed JWT',
};

/** A token signed with `key` and the given claims, for the cases `npm run token` cannot make. */
async function signed(
  claims: Record<string, unknown>,
  key: KeyLike | Uint8Array,
  header: { alg: string; kid?: string },
  times: { exp?: number; nbf?: number } = {},
): Promise<string> {
  let jwt = new SignJWT(claims).setProtectedHeader(header).setIssuedAt();
  if (times.exp !== undefined) jwt = jwt.setExpirationTime(times.exp);
  if (times.nbf !== undefined) jwt = jwt.setNotBefore(times.nbf);
  return jwt.sign(key);
}

const secretKey = new TextEncoder().encode(TEST_SECRET);
const nowSeconds = (): number => Math.floor(Date.now() / 1000);

describe('access: credentials', () => {
  describe('with a shared secret, an issuer and an audience', () => {
    const ISSUER = 'https://gateway.example.test';
    const AUDIENCE = 'calendar-events';
    const app = useTestApp({ AUTH_ISSUER: ISSUER, AUTH_AUDIENCE: AUDIENCE });
    let sut: TestApp;
    beforeEach(() => {
      sut = app();
    });

    const good = (): Promise<string> =>
      tokenFor('editor', 9, { issuer: ISSUER, audience: AUDIENCE });

    it('accepts a token made like npm run token makes it', async () => {
      const response = await request(sut.http)
        .post(EVENTS)
        .set('Authorization', `Bearer ${await good()}`)
        .send(eventBody())
        .expect(201);

      expect((response.body as { author: string }).author).toBe('9');
    });

    it.each([
      [
        'a wrong secret',
        () =>
          tokenFor('editor', 9, {
            issuer: ISSUER,
            audience: AUDIENCE,
            secret: 'another-secret-that-is-long-enough-for-hs',
          }),
      ],
      ['no issuer', () => tokenFor('editor', 9, { audience: AUDIENCE })],
      [
        'another issuer',
        () => tokenFor('editor', 9, { issuer: 'https://evil.test', audience: AUDIENCE }),
      ],
      ['another audience', () => tokenFor('editor', 9, { issuer: ISSUER, audience: 'other' })],
      [
        'an expired exp',
        () =>
          signed(
            { sub: '9', role: 'editor', iss: ISSUER, aud: AUDIENCE },
            secretKey,
            { alg: 'HS256' },
            { exp: nowSeconds() - 120 },
          ),
      ],
      [
        'an nbf to come',
        () =>
          signed(
            { sub: '9', role: 'editor', iss: ISSUER, aud: AUDIENCE },
            secretKey,
            { alg: 'HS256' },
            { nbf: nowSeconds() + 600 },
          ),
      ],
      [
        'a sub that is not a user id',
        () =>
          signed({ sub: 'alice', role: 'editor', iss: ISSUER, aud: AUDIENCE }, secretKey, {
            alg: 'HS256',
          }),
      ],
      [
        'a sub of 0',
        () =>
          signed({ sub: '0', role: 'editor', iss: ISSUER, aud: AUDIENCE }, secretKey, {
            alg: 'HS256',
          }),
      ],
      [
        'no sub',
        () => signed({ role: 'editor', iss: ISSUER, aud: AUDIENCE }, secretKey, { alg: 'HS256' }),
      ],
      [
        'an unsigned token (alg none)',
        () => {
          const body = Buffer.from(
            JSON.stringify({ sub: '9', role: 'editor', iss: ISSUER, aud: AUDIENCE }),
          ).toString('base64url');
          return Promise.resolve(`${Buffer.from('{"alg":"none"}').toString('base64url')}.${body}.`);
        },
      ],
      ['garbage', () => Promise.resolve('not-a-jwt')],
    ])('answers 401 on every route, public reads too, for %s, saying why', async (name, make) => {
      const token = await make();

      for (const call of [
        request(sut.http).get(EVENTS),
        request(sut.http).get(`${CATEGORIES}/1`),
        request(sut.http).post(EVENTS).send({}),
      ]) {
        const response = await call.set('Authorization', `Bearer ${token}`);
        expectRefused(response, WHY[name] ?? name);
      }
    });

    it.each(['Basic dXNlcjpwYXNz', 'Bearer', 'Token abc', ''])(
      'answers 401 for an Authorization header "%s", saying it is not a bearer token',
      async (header) => {
        const response = await request(sut.http).get(EVENTS).set('Authorization', header);

        expectRefused(response, 'is not "Bearer <token>"', 'invalid_request');
      },
    );

    it('tells a write without a token that it needs one, in the request language', async () => {
      const response = await request(sut.http).post(EVENTS).send(eventBody());
      expectRefused(response, 'This needs a token', 'missing_token');
      const spanish = await request(sut.http).post(`/es${EVENTS}`).send(eventBody()).expect(401);
      expect(JSON.stringify(spanish.body)).toContain('Hace falta un token');
    });

    it('treats a role claim naming no role as a user with no rights: reads 200, writes 403', async () => {
      const token = await tokenFor('webmaster', 9, { issuer: ISSUER, audience: AUDIENCE });

      await request(sut.http).get(EVENTS).set('Authorization', `Bearer ${token}`).expect(200);
      const response = await request(sut.http)
        .post(EVENTS)
        .set('Authorization', `Bearer ${token}`)
        .send(eventBody())
        .expect(403);
      expect(response.body).toEqual({ ...REFUSED, data: { status: 403 } });
    });

    it('takes the most trusted role of a list in the role claim', async () => {
      const token = await signed(
        { sub: '9', role: ['subscriber', 'editor'], iss: ISSUER, aud: AUDIENCE },
        secretKey,
        { alg: 'HS256' },
      );

      await request(sut.http)
        .post(`${CATEGORIES}`)
        .set('Authorization', `Bearer ${token}`)
        .send({ name: 'Listed roles' })
        .expect(201);
    });
  });

  describe('with no verification configured', () => {
    const app = useTestApp({ AUTH_JWT_SECRET: '' });
    let sut: TestApp;
    beforeEach(() => {
      sut = app();
    });
    afterEach(() => {
      jest.restoreAllMocks();
    });

    it('serves reads, refuses every write with 401 and logs why', async () => {
      const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);

      await request(sut.http).get(EVENTS).expect(200);
      const refused = await request(sut.http).post(EVENTS).send(eventBody()).expect(401);
      await request(sut.http)
        .post(EVENTS)
        .set('Authorization', await bearer('administrator'))
        .send(eventBody())
        .expect(401);

      expectRefused(refused, 'This needs a token', 'missing_token');
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/AUTH_JWT_SECRET or AUTH_JWKS_URL/));
      const list = await request(sut.http).get(EVENTS).expect(200);
      expect(list.body).toMatchObject({ total: 0 });
    });
  });

  describe('with a key set from AUTH_JWKS_URL', () => {
    let sut: TestApp;
    let server: Server;
    let fetches = 0;
    let rsa: KeyPair;
    let ec: KeyPair;

    beforeAll(async () => {
      rsa = await generateKeyPair('RS256');
      ec = await generateKeyPair('ES256');
      const keys: JWK[] = [
        { ...(await exportJWK(rsa.publicKey)), kid: 'rsa-1', alg: 'RS256', use: 'sig' },
        { ...(await exportJWK(ec.publicKey)), kid: 'ec-1', alg: 'ES256', use: 'sig' },
      ];
      server = createServer((req, res) => {
        fetches += 1;
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ keys }));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      sut = await createTestApp({
        AUTH_JWT_SECRET: '',
        AUTH_JWKS_URL: `http://127.0.0.1:${port}/.well-known/jwks.json`,
      });
    });
    afterAll(async () => {
      await sut.close();
      await new Promise((resolve) => server.close(resolve));
    });
    beforeEach(async () => {
      await sut.reset();
    });

    it('accepts RS256 and ES256 tokens signed by keys of the set, fetching it once', async () => {
      const byRsa = await signed({ sub: '21', role: 'author' }, rsa.privateKey, {
        alg: 'RS256',
        kid: 'rsa-1',
      });
      const byEc = await signed({ sub: '22', role: 'author' }, ec.privateKey, {
        alg: 'ES256',
        kid: 'ec-1',
      });

      for (const [token, author] of [
        [byRsa, '21'],
        [byEc, '22'],
        [byRsa, '21'],
      ] as const) {
        const response = await request(sut.http)
          .post(EVENTS)
          .set('Authorization', `Bearer ${token}`)
          .send(eventBody())
          .expect(201);
        expect((response.body as { author: string }).author).toBe(author);
      }
      expect(fetches).toBe(1);
    });

    it('refuses a token signed by a key outside the set, or with the HS256 secret', async () => {
      const stranger = await generateKeyPair('RS256');
      const forged = await signed({ sub: '21', role: 'administrator' }, stranger.privateKey, {
        alg: 'RS256',
        kid: 'rsa-1',
      });
      const hmac = await tokenFor('administrator', 21);

      for (const [token, why] of [
        [forged, 'signature does not verify'],
        [hmac, 'Tokens signed with HS256 are not accepted here'],
      ] as const) {
        const response = await request(sut.http)
          .get(EVENTS)
          .set('Authorization', `Bearer ${token}`)
          .expect(401);
        expectRefused(response, why);
      }
    });
  });

  describe('web-facing defaults', () => {
    const ORIGIN = 'https://app.example.test';
    const app = useTestApp({ CORS_ORIGINS: `${ORIGIN}, https://admin.example.test` });
    let sut: TestApp;
    beforeEach(() => {
      sut = app();
    });

    it('sends security headers on every answer', async () => {
      const response = await request(sut.http).get(EVENTS).expect(200);

      expect(response.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'content-security-policy': expect.stringContaining("frame-ancestors 'none'") as string,
      });
      expect(response.headers['x-powered-by']).toBeUndefined();
    });

    it('lets the configured origins read, with the paging headers exposed', async () => {
      const preflight = await request(sut.http)
        .options(EVENTS)
        .set('Origin', ORIGIN)
        .set('Access-Control-Request-Method', 'POST')
        .set('Access-Control-Request-Headers', 'authorization,content-type');
      const read = await request(sut.http).get(EVENTS).set('Origin', ORIGIN).expect(200);
      const stranger = await request(sut.http)
        .get(EVENTS)
        .set('Origin', 'https://evil.example.test')
        .expect(200);

      expect(preflight.status).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe(ORIGIN);
      expect(preflight.headers['access-control-allow-headers']).toMatch(/Authorization/);
      expect(read.headers['access-control-allow-origin']).toBe(ORIGIN);
      expect(read.headers['access-control-expose-headers']).toBe(
        'X-TEC-Total,X-TEC-TotalPages,X-Sync-Token,Link,ETag,X-Request-Id,Retry-After',
      );
      expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('honours _method and X-HTTP-Method-Override on a POST only', async () => {
      const first = await createEvent(sut.http, { title: 'First' });
      const second = await createEvent(sut.http, { title: 'Second' });
      const third = await createEvent(sut.http, { title: 'Third' });

      await sut.admin.post(`${EVENTS}/${first.id}?_method=DELETE`).expect(200);
      await sut.admin
        .post(`${EVENTS}/${second.id}`)
        .set('X-HTTP-Method-Override', 'DELETE')
        .expect(200);
      await sut.admin.get(`${EVENTS}/${third.id}?_method=DELETE`).expect(200);
      await sut.admin
        .get(`${EVENTS}/${third.id}`)
        .set('X-HTTP-Method-Override', 'DELETE')
        .expect(200);
      const renamed = await sut.admin
        .post(`${EVENTS}/${third.id}?_method=PUT`)
        .send({ title: 'Third, renamed' })
        .expect(200);

      const list = await request(sut.http).get(EVENTS).expect(200);
      expect((list.body as { events: { title: string }[] }).events.map((e) => e.title)).toEqual([
        'Third, renamed',
      ]);
      expect((renamed.body as { title: string }).title).toBe('Third, renamed');
    });
  });
});
