import { createHmac } from 'node:crypto';

/** The prefix of a signing secret (Standard Webhooks). */
export const SECRET_PREFIX = 'whsec_';

/**
 * The `webhook-signature` of one delivery (Standard Webhooks, version 1): the base64 HMAC-SHA256,
 * keyed with the secret's decoded bytes, of `{id}.{timestamp}.{body}`.
 */
export function signature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  const mac = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return `v1,${mac}`;
}
