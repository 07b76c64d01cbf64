import { LogHead, LogHeadSource, LogHeadWatch } from './log-head-watch';

/** A head source whose reads the test answers one by one. */
class HeadsByHand implements LogHeadSource {
  head: LogHead = { seq: 0, epoch: 'a' };
  reads = 0;
  /** When set, reads wait until the test calls `answer`. */
  held = false;
  private waiting: (() => void)[] = [];
  failNext = false;

  read(): Promise<LogHead> {
    this.reads += 1;
    if (this.failNext) {
      this.failNext = false;
      return Promise.reject(new Error('connection refused'));
    }
    if (!this.held) return Promise.resolve({ ...this.head });
    // The head is read when the server answers, as a real read would.
    return new Promise((resolve) => this.waiting.push(() => resolve({ ...this.head })));
  }

  answer(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

describe('LogHeadWatch', () => {
  let heads: HeadsByHand;
  let drops: number;
  let sut: LogHeadWatch;

  beforeEach(() => {
    heads = new HeadsByHand();
    drops = 0;
    sut = new LogHeadWatch(heads, () => {
      drops += 1;
      return Promise.resolve();
    });
  });

  it('drops the kept answers when another process moved the head, not at the first read', async () => {
    heads.head = { seq: 5, epoch: 'a' };
    await sut.synced();
    expect(drops).toBe(0);
    await sut.synced();
    expect(drops).toBe(0);
    heads.head = { seq: 6, epoch: 'a' };
    await sut.synced();
    expect(drops).toBe(1);
  });

  it('keeps them through positions this process took and committed', async () => {
    await sut.synced();
    const unit = {};
    sut.took(unit, 1, 3);
    heads.head = { seq: 3, epoch: 'a' };
    await sut.ended(unit, true);
    await sut.synced();
    expect(drops).toBe(0);
  });

  it('sees a foreign position between two of its own', async () => {
    await sut.synced();
    const first = {};
    const second = {};
    sut.took(first, 1, 1);
    sut.took(second, 3, 3);
    await sut.ended(first, true);
    await sut.ended(second, true);
    heads.head = { seq: 3, epoch: 'a' };
    await sut.synced();
    expect(drops).toBe(1);
  });

  it('drops when a unit that took positions did not commit, and no longer counts them as its own', async () => {
    await sut.synced();
    const unit = {};
    sut.took(unit, 1, 2);
    await sut.ended(unit, false);
    expect(drops).toBe(1);
    // Another process takes the same positions.
    heads.head = { seq: 2, epoch: 'a' };
    await sut.synced();
    expect(drops).toBe(2);
  });

  it('drops when the database is another one (a new epoch)', async () => {
    heads.head = { seq: 9, epoch: 'a' };
    await sut.synced();
    heads.head = { seq: 9, epoch: 'b' };
    await sut.synced();
    expect(drops).toBe(1);
  });

  it('answers calls made during a read with the next read, begun after them', async () => {
    heads.held = true;
    const first = sut.synced();
    const second = sut.synced();
    const third = sut.synced();
    expect(heads.reads).toBe(1);
    // A write of another process commits while the first read is under way, after it was sent.
    heads.answer();
    await first;
    heads.head = { seq: 1, epoch: 'a' };
    await Promise.resolve();
    await Promise.resolve();
    expect(heads.reads).toBe(2);
    heads.answer();
    await Promise.all([second, third]);
    expect(heads.reads).toBe(2);
    expect(drops).toBe(1);
  });

  it('rejects the calls a failed read served, and reads again at the next call', async () => {
    heads.failNext = true;
    await expect(sut.synced()).rejects.toThrow('connection refused');
    await expect(sut.synced()).resolves.toBeUndefined();
    expect(heads.reads).toBe(2);
  });

  it('reads a source that answers at once once a turn, for every call of that turn', async () => {
    let head: LogHead = { seq: 1, epoch: 'a' };
    let reads = 0;
    let dropped = 0;
    const now = new LogHeadWatch(
      {
        read: () => Promise.reject(new Error('read at once')),
        readNow: () => {
          reads += 1;
          return head;
        },
        close: () => Promise.resolve(),
      },
      () => {
        dropped += 1;
        return Promise.resolve();
      },
    );
    await now.synced();
    expect(reads).toBe(1);
    // Another process writes; three requests of one turn share the read made after them.
    head = { seq: 2, epoch: 'a' };
    const calls = [now.synced(), now.synced(), now.synced()];
    expect(reads).toBe(1);
    await Promise.all(calls);
    expect(reads).toBe(2);
    expect(dropped).toBe(1);
    // A call after that read waits for one of its own, which sees the next write.
    head = { seq: 3, epoch: 'a' };
    await now.synced();
    expect(reads).toBe(3);
    expect(dropped).toBe(2);
  });

  it('rejects the calls of a turn whose read failed, and reads again at the next call', async () => {
    let failing = true;
    const now = new LogHeadWatch(
      {
        read: () => Promise.reject(new Error('read at once')),
        readNow: () => {
          if (failing) throw new Error('database is locked');
          return { seq: 1, epoch: 'a' };
        },
        close: () => Promise.resolve(),
      },
      () => Promise.resolve(),
    );
    await expect(Promise.all([now.synced(), now.synced()])).rejects.toThrow('database is locked');
    failing = false;
    await expect(now.synced()).resolves.toBeUndefined();
  });

  it('does not read a closed source at the end of the turn it was closed in', async () => {
    let reads = 0;
    const now = new LogHeadWatch(
      {
        read: () => Promise.reject(new Error('read at once')),
        readNow: () => {
          reads += 1;
          return { seq: 1, epoch: 'a' };
        },
        close: () => Promise.resolve(),
      },
      () => Promise.resolve(),
    );
    const asked = now.synced();
    await now.close();
    await expect(asked).resolves.toBeUndefined();
    expect(reads).toBe(0);
  });
});
