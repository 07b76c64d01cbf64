/** The change log's head as the shared database holds it (`change_head`, committed state). */
export interface LogHead {
  /** The last position handed out. */
  readonly seq: number;
  /** The database's name for its log: another one means another (or a restored) database. */
  readonly epoch: string;
}

/**
 * Reads the change log's head as every process sees it: committed state only, on a connection
 * of its own (not the request pool's, so a read never queues behind slow queries for it).
 */
export interface LogHeadSource {
  read(): Promise<LogHead>;
  /**
   * A source that answers at once (SQLite) reads here without a promise; throws on failure.
   * The watch reads it once per turn of the event loop, for every call of that turn.
   */
  readNow?(): LogHead;
  close(): Promise<void>;
}

/** Above this many positions noted as this process's and not yet seen, they are forgotten. */
const MAX_OWN = 10_000;

/**
 * Keeps this process's read cache in step with writes made by other processes on the same
 * database (another instance without a shared `CACHE_URL`, `seed`, `import:tec`, `reindex`):
 * every write that changes what a read shows takes a position in the change log (scripts that
 * write behind the log take one too), so a head that moved by a position this process did not
 * take is a foreign write, and the kept answers are dropped.
 *
 * {@link synced} is called before a request's first use of the cache and resolves once a read
 * of the head that began after the call has been applied: so every write answered before the
 * call is known. Calls that come while a read is under way share the next one, so a busy
 * instance makes one head read per round trip, whatever its request rate. A source that answers at once (SQLite) is read after
 * the calls of one turn of the event loop (in its check phase, `setImmediate`), once for all
 * of them: read at each call, the head's reads took 4-8% of the service's time with 16
 * connections at 1M (about 21 µs each in the busy process, one per request).
 *
 * This process's own writes take positions in their transaction ({@link took}, before the
 * commit) and move the cache themselves, narrowly: those positions are not foreign. A unit that
 * took positions and did not commit gave them back for another process to take, so it ends
 * with a drop ({@link ended}), since a head read meanwhile may have counted such a position,
 * taken again by another process, as its own.
 */
export class LogHeadWatch {
  /** The head last applied; undefined before the first read. */
  private seen?: LogHead;
  /** Positions this process's units took and the watch has not seen yet. */
  private readonly own = new Set<number>();
  /** Each running unit's positions, by the unit (its query runner). */
  private readonly units = new WeakMap<object, number[]>();
  /** The head read under way, and the one queued behind it. */
  private running?: Promise<void>;
  private queued?: Promise<void>;
  /** A source that answers at once: the read at the end of this turn (see `afterTurn`). */
  private turn?: Promise<void>;
  /** Closed: a read still to come at the end of a turn is not made (the source is closed). */
  private closed = false;

  constructor(
    private readonly source: LogHeadSource,
    /** Drops every kept answer of this process. */
    private readonly drop: () => Promise<void>,
  ) {}

  /** Resolves once a head read begun after this call is applied; rejects if it failed. */
  synced(): Promise<void> {
    const readNow = this.source.readNow?.bind(this.source);
    if (readNow) return (this.turn ??= this.afterTurn(readNow));
    if (this.queued) return this.queued;
    if (!this.running) return this.start();
    // The read under way began before this call: the next one begins after it.
    const queued = this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        return this.start();
      });
    this.queued = queued;
    return queued;
  }

  /** A unit of this process took positions `first` to `last`, in its transaction. */
  took(unit: object, first: number, last: number): void {
    const positions = this.units.get(unit) ?? [];
    for (let position = first; position <= last; position++) {
      positions.push(position);
      this.own.add(position);
    }
    this.units.set(unit, positions);
    if (this.own.size > MAX_OWN) {
      // Forgetting them is safe: the watch then takes them for foreign and drops once.
      this.own.clear();
    }
  }

  /**
   * The unit ended: committed (its positions are this process's), or rolled back or with an
   * outcome unknown (its positions may be another process's next: see the class comment).
   */
  async ended(unit: object, committed: boolean): Promise<void> {
    const positions = this.units.get(unit);
    if (positions === undefined) return;
    this.units.delete(unit);
    if (committed) return;
    for (const position of positions) this.own.delete(position);
    await this.drop();
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.source.close();
  }

  /** A read of `readNow` once the calls of this turn of the event loop are in, applied. */
  private afterTurn(readNow: () => LogHead): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      setImmediate(() => {
        // Calls from here on wait for the next read: this one begins now.
        this.turn = undefined;
        // Closed meanwhile (shutdown): the kept answers serve, as when the head cannot be read.
        if (this.closed) {
          resolve();
          return;
        }
        try {
          resolve(this.apply(readNow()));
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
    });
  }

  private start(): Promise<void> {
    const round = this.source.read().then((head) => this.apply(head));
    this.running = round;
    const settle = (): void => {
      if (this.running === round) this.running = undefined;
    };
    round.then(settle, settle);
    return round;
  }

  /** Applies a head read: a move by any position this process did not take drops the cache. */
  private async apply(head: LogHead): Promise<void> {
    if (this.applied(head)) await this.drop();
  }

  /** Takes in a head read; answers whether it shows a foreign write (the caller drops). */
  private applied(head: LogHead): boolean {
    const seen = this.seen;
    if (seen !== undefined && head.epoch === seen.epoch && head.seq === seen.seq) return false;
    let foreign = seen !== undefined && (head.epoch !== seen.epoch || head.seq < seen.seq);
    if (seen !== undefined && !foreign) {
      // More positions than this process holds: some are foreign without looking at each.
      foreign = head.seq - seen.seq > this.own.size;
      for (let position = seen.seq + 1; !foreign && position <= head.seq; position++) {
        foreign = !this.own.has(position);
      }
    }
    for (const position of this.own) if (position <= head.seq) this.own.delete(position);
    this.seen = head;
    return foreign;
  }
}
