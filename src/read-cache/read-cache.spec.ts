import { loadConfig } from '../config/load-config';
import { ReadCache } from './read-cache';

describe('ReadCache.remember made again ahead', () => {
  // One process, no database file to watch: a value lives READ_CACHE_TTL_MS, or up to
  // READ_CACHE_LIST_TTL_MS when nothing but a write changes it before `stableUntil`.
  const config = loadConfig(
    { SQLITE_PATH: ':memory:', READ_CACHE_TTL_MS: '1000', READ_CACHE_LIST_TTL_MS: '10000' },
    null,
  );
  const start = 1_800_000_000_000;
  const far = start + 86_400_000;
  let clock = start;

  beforeEach(() => {
    clock = start;
    jest.spyOn(Date, 'now').mockImplementation(() => clock);
  });

  afterEach(() => jest.restoreAllMocks());

  /** Lets a computation started behind a read run to its end. */
  const settle = (): Promise<void> => new Promise((done) => setImmediate(done));

  /** A computation of `value` that counts its runs. */
  function making(value: string): { compute: () => Promise<string>; runs: () => number } {
    let runs = 0;
    return {
      compute: () => {
        runs += 1;
        return Promise.resolve(value);
      },
      runs: () => runs,
    };
  }

  /** A computation that counts its runs and ends when `finish` is called. */
  function pending(): {
    compute: () => Promise<string>;
    finish: (value: string) => void;
    runs: () => number;
  } {
    let runs = 0;
    let end: (value: string) => void = () => undefined;
    return {
      compute: () => {
        runs += 1;
        return new Promise((done) => (end = done));
      },
      finish: (value) => end(value),
      runs: () => runs,
    };
  }

  it('makes a value again behind a read in the last fifth of its life, and later reads find it', async () => {
    const cache = new ReadCache(config);
    expect(await cache.remember('k', making('a').compute, ['x'], far, true)).toBe('a');

    clock = start + 7_000;
    const early = making('b');
    expect(await cache.remember('k', early.compute, ['x'], far, true)).toBe('a');
    await settle();
    expect(early.runs()).toBe(0);

    clock = start + 8_500;
    const ahead = making('b');
    expect(await cache.remember('k', ahead.compute, ['x'], far, true)).toBe('a');
    await settle();
    expect(ahead.runs()).toBe(1);

    // Past the first value's end: the one made ahead is found, nothing is made again.
    clock = start + 10_500;
    const after = making('c');
    expect(await cache.remember('k', after.compute, ['x'], far, true)).toBe('b');
    expect(after.runs()).toBe(0);
  });

  it('does not make again a value only asked to be kept, nor one whose window moves first', async () => {
    const cache = new ReadCache(config);
    await cache.remember('plain', making('a').compute, ['x'], far);
    // Its window moves at the end of its life: a value made now would end then too.
    const moves = start + 10_000;
    await cache.remember('moving', making('a').compute, ['x'], moves, true);

    clock = start + 8_500;
    const plain = making('b');
    const moving = making('b');
    expect(await cache.remember('plain', plain.compute, ['x'], far)).toBe('a');
    expect(await cache.remember('moving', moving.compute, ['x'], moves, true)).toBe('a');
    await settle();

    expect(plain.runs()).toBe(0);
    expect(moving.runs()).toBe(0);
  });

  it('has a read that misses while the value is made ahead wait for it', async () => {
    const cache = new ReadCache(config);
    await cache.remember('k', making('a').compute, ['x'], far, true);
    const slow = pending();

    clock = start + 8_500;
    expect(await cache.remember('k', slow.compute, ['x'], far, true)).toBe('a');
    clock = start + 10_500;
    const missed = making('c');
    const waiting = cache.remember('k', missed.compute, ['x'], far, true);
    await settle();
    slow.finish('b');

    expect(await waiting).toBe('b');
    expect(slow.runs()).toBe(1);
    expect(missed.runs()).toBe(0);
  });

  it('keeps nothing when making it ahead fails, and the next miss makes it', async () => {
    const cache = new ReadCache(config);
    await cache.remember('k', making('a').compute, ['x'], far, true);

    clock = start + 8_500;
    const failing = (): Promise<string> => Promise.reject(new Error('the database went away'));
    expect(await cache.remember('k', failing, ['x'], far, true)).toBe('a');
    await settle();
    clock = start + 10_500;
    const next = making('c');

    expect(await cache.remember('k', next.compute, ['x'], far, true)).toBe('c');
    expect(next.runs()).toBe(1);
  });

  it('keeps a total counted again for a kept page as long as the route that first counted it said', async () => {
    const cache = new ReadCache(config);
    let counts = 0;
    const count = (): Promise<number> => Promise.resolve((counts += 1));
    cache.countWith('total', count, ['x'], { stableUntil: far, refreshAhead: true });

    expect(await cache.total('total')).toBe(1);
    // Past READ_CACHE_TTL_MS, within READ_CACHE_LIST_TTL_MS: still the one counted.
    clock = start + 5_000;
    expect(await cache.total('total')).toBe(1);
    // In the last fifth of its life: counted again behind the read.
    clock = start + 8_500;
    expect(await cache.total('total')).toBe(1);
    await settle();
    clock = start + 10_500;

    expect(await cache.total('total')).toBe(2);
    expect(counts).toBe(2);
  });

  it('makes a value ahead once at a time, though writes elsewhere move the version meanwhile', async () => {
    const cache = new ReadCache(config);
    await cache.remember('k', making('a').compute, ['x'], far, true);
    const slow = pending();

    clock = start + 8_500;
    expect(await cache.remember('k', slow.compute, ['x'], far, true)).toBe('a');
    // A write of something else: the version moves, the kept value stays.
    await cache.endWrite(await cache.beginWrite(), { keys: ['y'] });
    expect(await cache.remember('k', slow.compute, ['x'], far, true)).toBe('a');
    slow.finish('b');
    await settle();

    expect(slow.runs()).toBe(1);
    clock = start + 10_500;
    expect(await cache.remember('k', making('c').compute, ['x'], far, true)).toBe('b');
  });
});
