import { Logger } from '@nestjs/common';
import type { ConnectionOptions, Pool } from 'mysql2/promise';
import { MARK_ID } from './sphinx-index';
import { deleteStatement, IndexedEventReader, replaceStatements } from './search-documents';
import { OwnConnection } from './own-connection';

/** The change log's head as the database holds it. */
interface Head {
  readonly seq: number;
  readonly epoch: string;
  readonly prunedThrough: number;
}

/**
 * How far the index is fed: a position of the change log of the database of `epoch`, in the
 * index's build `generation` (when that build began, ms), which each build changes.
 */
export interface Mark {
  readonly seq: number;
  readonly epoch: string;
  readonly generation: number;
}

/**
 * The lock a feeder holds (MySQL/MariaDB `GET_LOCK`, held by a session): one per database and
 * index, as lock names are the server's.
 */
const LOCK_NAME = "CONCAT('search_feed:', LEFT(SHA1(CONCAT(DATABASE(), ':', ?)), 40))";

/** The SphinxQL statement that reads the mark (see {@link markOf}). */
export function markQuery(index: string): string {
  return `SELECT start_ms, date_ms, epoch FROM ${index} WHERE id = ${MARK_ID}`;
}

/** The mark in the rows of {@link markQuery}, if the index has one. */
export function markOf(rows: unknown): Mark | undefined {
  const row = (Array.isArray(rows) ? rows[0] : undefined) as
    { start_ms: number | string; date_ms: number | string; epoch: string } | undefined;
  return row
    ? { seq: Number(row.start_ms), epoch: row.epoch, generation: Number(row.date_ms) }
    : undefined;
}

/** A row of the change log as the feed reads it. */
interface Change {
  readonly seq: number | string;
  readonly kind: string;
  readonly item: number | string;
  readonly action: string;
}

/** The attribute of a document that names each kind of linked item. */
const LINK_ATTRIBUTES: Readonly<Record<string, string>> = {
  venue: 'venue',
  organizer: 'organizers',
  category: 'terms',
  tag: 'terms',
};

/** Events read and written per statement. */
const BATCH = 500;

/**
 * Past this many positions behind, the index is caught up in the background while searches
 * read the database: a request does not wait for a long backlog.
 */
const MAX_WAITED_BACKLOG = 2000;

/** How long a search waits for another feeder's lock before it reads the database instead. */
const LOCK_WAIT_S = 2;

/** The mark of an index that holds every change up to the call, or undefined. */
type Outcome = Mark | undefined;

/**
 * Keeps the search engine's index in step with the database, from the change log
 * (docs/decisions.md, "Searches on MySQL/MariaDB go to Sphinx"). Before a search reads the
 * index, {@link current} reads the log's head and the index's mark (the position it is fed
 * through); when the mark is behind, it takes the database-wide feed lock, reads the events
 * changed since, writes their documents (or deletes those of events that are gone) and moves
 * the mark. Whoever holds the lock is the only writer of the index, so an older state of an event
 * never overwrites a newer one. Where the log cannot tell what changed (a new or another
 * database, changes pruned before they were fed, rows written behind the log by `seed` or
 * `reindex`), the index is built again from every event, in the background; searches read the
 * database until it is done.
 */
export class SearchFeed {
  private readonly logger = new Logger('SearchFeed');
  private running?: Promise<Outcome>;
  private queued?: Promise<Outcome>;
  private rebuilding?: Promise<void>;
  private backlog?: Promise<void>;
  private readonly reader: IndexedEventReader;
  private lastWarning = 0;

  /**
   * The feed's own connection to the database, which holds its lock: nothing else queries on
   * it (a query that times out closes its connection, and the lock with it). While the lock is
   * held, a query that finds the connection lost fails instead of going on, without the lock,
   * on a new one.
   */
  private readonly database: OwnConnection;
  /** Whether this feed holds the lock (on `database`'s session). */
  private holding = false;

  constructor(
    private readonly engine: Pool,
    database: ConnectionOptions,
    private readonly index: string,
    private readonly timeoutMs: number,
  ) {
    this.database = new OwnConnection(database, timeoutMs, () => !this.holding);
    this.reader = new IndexedEventReader(this.database);
  }

  /**
   * The index's mark once it holds every change committed before this call, or undefined when
   * the database must answer (the index is being built, far behind, or out of reach). A call
   * made while a catch-up runs waits for the next one, which reads the head after that call
   * began. A search checks the mark's generation again after it read the index (a build that
   * began meanwhile emptied it).
   */
  current(): Promise<Outcome> {
    if (this.rebuilding || this.backlog) return Promise.resolve(undefined);
    if (this.queued) return this.queued;
    if (this.running) {
      const after = this.running.then(() => {
        this.queued = undefined;
        return this.start();
      });
      this.queued = after;
      return after;
    }
    return this.start();
  }

  /** Builds the index again from every event, holding the feed lock (`npm run search:rebuild`). */
  async rebuild(): Promise<void> {
    if (!(await this.lock(LOCK_WAIT_S))) throw new Error('Another process is feeding the index');
    await this.buildThenUnlock();
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.rebuilding, this.backlog]);
    await this.database.close();
  }

  private start(): Promise<Outcome> {
    const run = this.catchUp().catch((error: unknown) => {
      this.warn('The search index could not be brought up to date', error);
      return undefined;
    });
    this.running = run;
    void run.then(() => {
      if (this.running === run) this.running = undefined;
    });
    return run;
  }

  private async catchUp(): Promise<Outcome> {
    const [head, mark] = await Promise.all([this.head(), this.mark()]);
    if (mark && mark.epoch === head.epoch && mark.seq === head.seq) return mark;
    if (!this.feedable(head, mark)) {
      if (await this.lock(0)) this.rebuildInBackground();
      return undefined;
    }
    if (head.seq - mark.seq > MAX_WAITED_BACKLOG) {
      if (await this.lock(0)) {
        this.backlog = this.inBackground(async () => {
          await this.feedLocked(head.seq);
        });
      }
      return undefined;
    }
    if (!(await this.lock(LOCK_WAIT_S))) return undefined;
    return this.feedLocked(head.seq);
  }

  /** Whether the change log holds every change after `mark` (else the index is built again). */
  private feedable(head: Head, mark: Mark | undefined): mark is Mark {
    return (
      mark !== undefined &&
      mark.epoch === head.epoch &&
      mark.seq <= head.seq &&
      mark.seq >= head.prunedThrough
    );
  }

  /** Runs `work` (which releases the lock) after this call returns; logs its failure. */
  private inBackground(work: () => Promise<void>): Promise<void> {
    const running = Promise.resolve()
      .then(work)
      .catch((error: unknown) => this.warn('Feeding the search index failed', error))
      .finally(() => {
        if (this.rebuilding === running) this.rebuilding = undefined;
        if (this.backlog === running) this.backlog = undefined;
      });
    return running;
  }

  /**
   * Holding the lock: feeds the changes after the mark up to at least `through`, then releases
   * the lock. Where the log cannot tell what changed (a gap, or the checks of `feedable`), it
   * hands the lock to a build of the whole index in the background instead, and the caller's
   * search reads the database.
   */
  private async feedLocked(through: number): Promise<Outcome> {
    let handedOver = false;
    try {
      const [head, mark] = await Promise.all([this.head(), this.mark()]);
      if (!this.feedable(head, mark)) {
        handedOver = this.rebuildInBackground();
        return undefined;
      }
      if (mark.seq >= Math.min(through, head.seq)) return mark;
      const changes = await this.database.rows<Change>(
        'SELECT seq, kind, item_id AS item, action FROM changes WHERE seq > ? AND seq <= ? ORDER BY seq',
        [mark.seq, head.seq],
      );
      if (changes.length !== head.seq - mark.seq) {
        // Positions with no change: rows written behind the log (markChangedBehindLog).
        handedOver = this.rebuildInBackground();
        return undefined;
      }
      const eventIds = new Set<number>();
      for (const change of changes) {
        if (change.kind === 'event') {
          eventIds.add(Number(change.item));
          continue;
        }
        // A venue or organizer trashed, or a term deleted, is unlinked from its events with no
        // change of theirs logged: the index tells which of its documents still name it.
        const attribute = LINK_ATTRIBUTES[change.kind];
        if (attribute && (change.action === 'trashed' || change.action === 'deleted')) {
          for (const id of await this.eventsNaming(attribute, Number(change.item))) {
            eventIds.add(id);
          }
        }
      }
      const ids = [...eventIds];
      for (let at = 0; at < ids.length; at += BATCH) {
        await this.feedEvents(ids.slice(at, at + BATCH));
      }
      const fed = { ...mark, seq: head.seq };
      await this.writeMark(fed);
      return fed;
    } finally {
      if (!handedOver) await this.unlock();
    }
  }

  /** Starts a build of the whole index, which holds the lock (taken) until it is done. */
  private rebuildInBackground(): true {
    this.rebuilding = this.inBackground(() => this.buildThenUnlock());
    return true;
  }

  private async buildThenUnlock(): Promise<void> {
    try {
      await this.buildAll(await this.head());
    } finally {
      await this.unlock();
    }
  }

  /**
   * Every event's documents written afresh; the mark then says `head`, read before the first
   * event was: a change committed while the events were read is fed at the next catch-up.
   */
  private async buildAll(head: Head): Promise<Mark> {
    const started = Date.now();
    this.logger.log('Building the search index from every event');
    await this.engine.query({ sql: `TRUNCATE RTINDEX ${this.index}`, timeout: this.timeoutMs });
    let after = 0;
    let count = 0;
    for (;;) {
      const events = await this.reader.after(after, BATCH);
      const last = events[events.length - 1];
      if (!last) break;
      for (const sql of replaceStatements(this.index, events)) {
        await this.engine.query({ sql, timeout: this.timeoutMs * 10 });
      }
      after = last.event.id;
      count += events.length;
    }
    const mark = { seq: head.seq, epoch: head.epoch, generation: started };
    await this.writeMark(mark);
    this.logger.log(
      `Search index built: ${count} events in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    return mark;
  }

  private async feedEvents(ids: readonly number[]): Promise<void> {
    const events = await this.reader.byIds(ids);
    const found = new Set(events.map((indexed) => indexed.event.id));
    const gone = ids.filter((id) => !found.has(id));
    for (const sql of replaceStatements(this.index, events)) {
      await this.engine.query({ sql, timeout: this.timeoutMs });
    }
    if (gone.length > 0) {
      await this.engine.query({ sql: deleteStatement(this.index, gone), timeout: this.timeoutMs });
    }
  }

  /** The events whose documents name item `id` in `attribute`. */
  private async eventsNaming(attribute: string, id: number): Promise<number[]> {
    const found: number[] = [];
    for (let after = 0; ;) {
      const [rows] = await this.engine.query({
        sql:
          `SELECT event FROM ${this.index} WHERE ${attribute} = ${Math.trunc(id)} AND lang = 1 ` +
          `AND event > ${after} ORDER BY event ASC LIMIT ${BATCH} OPTION max_matches = ${BATCH}`,
        timeout: this.timeoutMs,
      });
      const events = (Array.isArray(rows) ? rows : []) as { event: number | string }[];
      found.push(...events.map((row) => Number(row.event)));
      const last = events[events.length - 1];
      if (!last || events.length < BATCH) return found;
      after = Number(last.event);
    }
  }

  private async head(): Promise<Head> {
    const [row] = await this.database.rows<{
      seq: number | string;
      epoch: string;
      pruned: number | string;
    }>('SELECT seq, epoch, pruned_through AS pruned FROM change_head WHERE id = 1');
    if (!row) throw new Error('The change log has no head row: run the migrations');
    return { seq: Number(row.seq), epoch: row.epoch, prunedThrough: Number(row.pruned) };
  }

  private async mark(): Promise<Mark | undefined> {
    const [rows] = await this.engine.query({ sql: markQuery(this.index), timeout: this.timeoutMs });
    return markOf(rows);
  }

  private async writeMark(mark: Mark): Promise<void> {
    await this.engine.query({
      sql: `REPLACE INTO ${this.index} (id, title, body, pbody, lang, start_ms, date_ms, epoch) VALUES (?, '', '', '', 0, ?, ?, ?)`,
      values: [MARK_ID, mark.seq, mark.generation, mark.epoch],
      timeout: this.timeoutMs,
    });
  }

  /** Takes the feed lock, waiting up to `waitS` seconds for another holder. */
  private async lock(waitS: number): Promise<boolean> {
    const [row] = await this.database.rows<{ got: number | null }>(
      `SELECT GET_LOCK(${LOCK_NAME}, ?) AS got`,
      [this.index, waitS],
    );
    this.holding = row?.got === 1;
    return this.holding;
  }

  private async unlock(): Promise<void> {
    this.holding = false;
    await this.database.run(`DO RELEASE_LOCK(${LOCK_NAME})`, [this.index]).catch(() => undefined);
  }

  /** Logs a failure at most once a minute (a stopped engine fails every search). */
  private warn(message: string, error: unknown): void {
    const now = Date.now();
    if (now - this.lastWarning < 60_000) return;
    this.lastWarning = now;
    const reason = error instanceof Error ? error.message : String(error);
    this.logger.warn(`${message}; searches read the database meanwhile: ${reason}`);
  }
}
