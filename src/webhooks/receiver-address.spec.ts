import { createServer, type Server } from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import { loadConfig } from '../config/load-config';
import { attempt } from './delivery-attempt';
import { ReceiverAddressPolicy } from './receiver-address';

/** `lookup` run once for `host`, as a connection asks (one address, or all of them). */
function resolve(
  lookup: LookupFunction,
  host: string,
  all: boolean,
): Promise<{ error: NodeJS.ErrnoException | null; address: unknown }> {
  return new Promise((done) => {
    lookup(host, { all }, (error, address) => done({ error, address }));
  });
}

describe('ReceiverAddressPolicy at connection time (DNS rebinding)', () => {
  const policy = (allowed?: string) =>
    new ReceiverAddressPolicy(
      loadConfig(
        { SQLITE_PATH: ':memory:', ...(allowed ? { WEBHOOK_ALLOWED_NETWORKS: allowed } : {}) },
        null,
      ),
    );

  it('fails the connection lookup of a name that resolves inward, and passes an allowed one', async () => {
    const refused = await resolve(policy().connectionLookup(), 'localhost', false);
    expect(refused.error).toMatchObject({
      code: 'ERR_ADDRESS_NOT_ALLOWED',
      message: expect.stringContaining('address not allowed') as unknown,
    });
    for (const allowed of ['localhost', '127.0.0.0/8,::1']) {
      const one = await resolve(policy(allowed).connectionLookup(), 'localhost', false);
      expect(one.error).toBeNull();
      expect(['127.0.0.1', '::1']).toContain(one.address);
      const all = await resolve(policy(allowed).connectionLookup(), 'localhost', true);
      expect(all.address).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ family: expect.any(Number) as unknown }),
        ]),
      );
    }
  });

  describe('a delivery through it', () => {
    let server: Server;
    let port = 0;
    const received: string[] = [];
    beforeAll(async () => {
      server = createServer((request, response) => {
        received.push(request.url ?? '');
        response.writeHead(204).end();
      });
      await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
      port = (server.address() as AddressInfo).port;
    });
    afterAll(() => new Promise<void>((done) => server.close(() => done())));

    it('never reaches a receiver whose name resolves inward when it connects', async () => {
      const url = `http://localhost:${port}/hook`;
      const blocked = await attempt(
        url,
        '{}',
        {},
        AbortSignal.timeout(2_000),
        policy().connectionLookup(),
      );
      expect(blocked).toMatchObject({ delivered: false, statusCode: null });
      expect(blocked.error).toMatch(/^address not allowed \((127\.0\.0\.1|::1);/);
      expect(received).toEqual([]);

      const allowed = policy('localhost').connectionLookup();
      const sent = await attempt(url, '{}', {}, AbortSignal.timeout(2_000), allowed);
      expect(sent).toEqual({ delivered: true, statusCode: 204, error: null });
      expect(received).toEqual(['/hook']);
    });
  });
});
