import { ChangeKind, CHANGE_KINDS } from './entities/change.entity';

/** A position in one collection's changes on one database. */
export interface SyncPosition {
  /** The database's epoch (`change_head.epoch`). */
  readonly epoch: string;
  readonly kind: ChangeKind;
  /** The last change the holder has seen. */
  readonly seq: number;
}

const PREFIX = 's1';

/** The opaque token a client sends back as `sync_token`. */
export function encodeSyncToken(position: SyncPosition): string {
  const text = `${PREFIX}.${position.epoch}.${position.kind}.${position.seq}`;
  return Buffer.from(text, 'utf8').toString('base64url');
}

/** The position a token names, or null when it is not a token this service made. */
export function decodeSyncToken(token: string): SyncPosition | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(token)) return null;
  const parts = Buffer.from(token, 'base64url').toString('utf8').split('.');
  const [prefix, epoch, kind, seq] = parts;
  if (parts.length !== 4 || prefix !== PREFIX) return null;
  if (!epoch || !/^[0-9a-f]{1,32}$/.test(epoch)) return null;
  if (!CHANGE_KINDS.includes(kind as ChangeKind)) return null;
  if (!seq || !/^\d{1,15}$/.test(seq)) return null;
  return { epoch, kind: kind as ChangeKind, seq: Number(seq) };
}
