import { createServer, IncomingHttpHeaders, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';

/** One POST a receiver got, and what it answered (null: it never answered). */
export interface Received {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  answered: number | null;
}

/** What the receiver answers to the next request: a status, or `hold` (never answer). */
export type Answer = number | 'hold';

/**
 * A real HTTP server that takes webhook deliveries on 127.0.0.1, records them, and answers as
 * told: `answer` decides each request's fate (by default 200).
 */
export class Receiver {
  readonly received: Received[] = [];
  answer: (request: Received, index: number) => Answer = () => 200;
  private readonly server: Server;
  private readonly held: ServerResponse[] = [];

  private constructor() {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const entry: Received = {
          path: request.url ?? '/',
          headers: request.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          answered: null,
        };
        const index = this.received.push(entry) - 1;
        const answer = this.answer(entry, index);
        if (answer === 'hold') {
          this.held.push(response);
          return;
        }
        entry.answered = answer;
        response.writeHead(answer, { 'content-type': 'text/plain' }).end('ok');
      });
    });
  }

  static async start(): Promise<Receiver> {
    const receiver = new Receiver();
    await new Promise<void>((done) => receiver.server.listen(0, '127.0.0.1', done));
    return receiver;
  }

  get url(): string {
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}/hook`;
  }

  /** The deliveries it answered with a 2xx. */
  delivered(): Received[] {
    return this.received.filter((entry) => entry.answered !== null && entry.answered < 300);
  }

  /** Waits until `done` holds of what it received, or fails after `timeoutMs`. */
  async until(done: (received: readonly Received[]) => boolean, timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!done(this.received)) {
      if (Date.now() > deadline) {
        throw new Error(`The receiver got ${this.received.length} requests, not what was awaited`);
      }
      await new Promise((wait) => setTimeout(wait, 20));
    }
  }

  async close(): Promise<void> {
    for (const response of this.held) response.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((done) => this.server.close(() => done()));
  }
}
