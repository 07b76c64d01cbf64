import { ExpressAdapter } from '@nestjs/platform-express';
import type { Response } from 'express';

/**
 * Nest's Express adapter, which also sends a `Buffer` a handler or interceptor returns as the
 * bytes of the body (Express then sets `Content-Length`, answers `HEAD` and a matching
 * `If-None-Match` with 304, and keeps a `Content-Type` already set). Nest's own adapter would
 * serialise a `Buffer` as JSON. The read cache keeps answers as UTF-8 bytes and replays them
 * through this, so a hit is not encoded again (a 40 KB list page in the UTF-16 V8 keeps it in
 * costs about as much to encode as the rest of the hit).
 */
export class BytesExpressAdapter extends ExpressAdapter {
  override reply(response: Response, body: unknown, statusCode?: number): unknown {
    if (!Buffer.isBuffer(body)) return super.reply(response, body, statusCode);
    if (typeof statusCode === 'number') response.status(statusCode);
    return response.send(body);
  }
}
