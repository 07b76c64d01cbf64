import { GoLiveSource, GoLiveSweep } from './go-live-sweep';
import { WriteChange } from './read-cache.store';

/** Scheduled items at fixed instants, on a clock the test moves. */
class Schedule implements GoLiveSource {
  clock = 1_000;
  readonly lives: { at: number; change: WriteChange }[] = [];
  readonly asked: number[] = [];
  readonly swept: [number, number][] = [];
  failing = false;

  now(): number {
    return this.clock;
  }

  nextAfter(after: number): Promise<number | null> {
    this.asked.push(after);
    if (this.failing) return Promise.reject(new Error('database away'));
    const next = this.lives.filter((live) => live.at > after).map((live) => live.at);
    return Promise.resolve(next.length > 0 ? Math.min(...next) : null);
  }

  changesIn(after: number, upTo: number): Promise<WriteChange[]> {
    this.swept.push([after, upTo]);
    return Promise.resolve(
      this.lives.filter((live) => live.at > after && live.at <= upTo).map((live) => live.change),
    );
  }
}

function sweepOf(
  schedule: Schedule,
  carries?: (since: string, now: string) => boolean,
): { sweep: GoLiveSweep; moves: WriteChange[] } {
  const moves: WriteChange[] = [];
  const sweep = new GoLiveSweep(
    schedule,
    (change) => {
      moves.push(change);
      return Promise.resolve();
    },
    500,
    carries,
  );
  return { sweep, moves };
}

describe('GoLiveSweep', () => {
  it('reads the next go-live once per version, and costs nothing more until it is due', async () => {
    const schedule = new Schedule();
    schedule.lives.push({ at: 2_000, change: { keys: ['event:1'] } });
    const { sweep, moves } = sweepOf(schedule);

    expect(await sweep.check('0:1')).toBe(false);
    expect(sweep.check('0:1')).toBeUndefined();
    schedule.clock = 1_999;
    expect(sweep.check('0:1')).toBeUndefined();
    // Looked up from the longest an answer is kept before the first check.
    expect(schedule.asked).toEqual([500]);
    expect(await sweep.check('0:2')).toBe(false);
    expect(schedule.asked).toEqual([500, 500]);
    expect(moves).toEqual([]);
  });

  it('carries the next go-live to a version no write of a scheduled item came before', async () => {
    const schedule = new Schedule();
    schedule.lives.push({ at: 2_000, change: { keys: ['event:1'] } });
    // Versions 0:1 to 0:3 came from writes of published events; 0:4 from a scheduled one's.
    const { sweep, moves } = sweepOf(schedule, (since, now) => since < '0:4' && now < '0:4');

    expect(await sweep.check('0:1')).toBe(false);
    expect(sweep.check('0:2')).toBeUndefined();
    expect(sweep.check('0:3')).toBeUndefined();
    expect(schedule.asked).toEqual([500]);
    expect(await sweep.check('0:4')).toBe(false);
    expect(schedule.asked).toEqual([500, 500]);
    // Carried or read, the go-live is swept when it comes.
    schedule.clock = 2_000;
    expect(await sweep.check('0:4')).toBe(true);
    expect(moves).toEqual([{ keys: ['event:1'] }]);
  });

  it('makes the changes of the items gone live once their instant comes, then looks again', async () => {
    const schedule = new Schedule();
    schedule.lives.push(
      { at: 2_000, change: { keys: ['event:1'] } },
      { at: 2_000, change: { keys: ['event:2'] } },
      { at: 3_000, change: 'all' },
    );
    const { sweep, moves } = sweepOf(schedule);
    expect(await sweep.check('0:1')).toBe(false);

    schedule.clock = 2_000;
    expect(await sweep.check('0:1')).toBe(true);
    expect(moves).toEqual([{ keys: ['event:1'] }, { keys: ['event:2'] }]);
    expect(schedule.swept).toEqual([[500, 2_000]]);
    // The version they moved: the next go-live is read after the sweep's end.
    expect(await sweep.check('0:3')).toBe(false);
    expect(schedule.asked.at(-1)).toBe(2_000);
    expect(sweep.check('0:3')).toBeUndefined();

    schedule.clock = 3_500;
    expect(await sweep.check('0:3')).toBe(true);
    expect(moves.at(-1)).toBe('all');
    expect(schedule.swept.at(-1)).toEqual([2_000, 3_500]);
    expect(await sweep.check('1:4')).toBe(false);
  });

  it('sweeps once for checks that find the same go-live due at once', async () => {
    const schedule = new Schedule();
    schedule.lives.push({ at: 2_000, change: { keys: ['event:1'] } });
    const { sweep, moves } = sweepOf(schedule);
    await sweep.check('0:1');
    schedule.clock = 2_500;

    const checks = await Promise.all([sweep.check('0:1'), sweep.check('0:1'), sweep.check('0:1')]);

    expect(checks).toEqual([true, true, true]);
    expect(moves).toEqual([{ keys: ['event:1'] }]);
    expect(schedule.swept).toEqual([[500, 2_500]]);
  });

  it('reads the next go-live once for the checks of a new version that come at once', async () => {
    const schedule = new Schedule();
    schedule.lives.push({ at: 2_000, change: { keys: ['event:1'] } });
    const { sweep } = sweepOf(schedule);

    expect(await Promise.all([sweep.check('0:1'), sweep.check('0:1')])).toEqual([false, false]);
    expect(await Promise.all([sweep.check('0:2'), sweep.check('0:2')])).toEqual([false, false]);

    expect(schedule.asked).toEqual([500, 500]);
  });

  it('takes a next go-live at or before where it swept as swept, whatever its source says', async () => {
    const schedule = new Schedule();
    schedule.lives.push({ at: 2_000, change: { keys: ['event:1'] } });
    const { sweep, moves } = sweepOf(schedule);
    schedule.clock = 2_000;
    expect(await sweep.check('0:1')).toBe(true);
    // A source whose comparison is inclusive: it names the instant swept again.
    schedule.nextAfter = (after: number): Promise<number | null> => Promise.resolve(after);

    expect(await sweep.check('0:2')).toBe(false);
    expect(sweep.check('0:2')).toBeUndefined();
    expect(moves).toEqual([{ keys: ['event:1'] }]);
  });

  it('fails a check while the next go-live cannot be read, and sweeps once it can', async () => {
    const schedule = new Schedule();
    schedule.lives.push({ at: 2_000, change: { keys: ['event:1'] } });
    const { sweep, moves } = sweepOf(schedule);
    schedule.failing = true;
    await expect(sweep.check('0:1')).rejects.toThrow('database away');

    schedule.failing = false;
    schedule.clock = 2_000;
    expect(await sweep.check('0:1')).toBe(true);
    expect(moves).toEqual([{ keys: ['event:1'] }]);
  });
});
