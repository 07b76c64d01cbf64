import { itemTemplateOf, KeptItem, refill, templateOf, Template } from './live-answer';
import { MAX_FRONT, MemoryReadCacheStore } from './memory-read-cache.store';
import {
  CachedAnswer,
  eventKey,
  EVERY_ANSWER,
  RENDERING_PREFIX,
  termKey,
} from './read-cache.store';

function answer(body: string): CachedAnswer {
  return { body: Buffer.from(body), etag: 'W/"x"', headers: {}, madeAt: 0, expiresAt: 1 };
}

/** A store of 13 units holding `a` and `b` (6 each with their keys), and the version they are under. */
async function fullStore(): Promise<{ sut: MemoryReadCacheStore; version: string }> {
  const sut = new MemoryReadCacheStore(13);
  const { version } = await sut.lookup('a');
  if (version === null) throw new Error('no write is in flight');
  await sut.set(version, 'a', answer('12345'), 0, [EVERY_ANSWER]);
  await sut.set(version, 'b', answer('12345'), 0, [EVERY_ANSWER]);
  return { sut, version };
}

describe('MemoryReadCacheStore', () => {
  it('drops the oldest answers when keys and bodies outgrow the bound', async () => {
    const { sut, version } = await fullStore();

    await sut.set(version, 'c', answer('123'), 0, [EVERY_ANSWER]);

    expect((await sut.lookup('a')).answer).toBeUndefined();
    expect((await sut.lookup('b')).answer?.body.toString()).toBe('12345');
    expect((await sut.lookup('c')).answer?.body.toString()).toBe('123');
  });

  it('keeps a small body in memory of its own, not in a slab it shares with other buffers', async () => {
    const sut = new MemoryReadCacheStore(1_000);
    const { version } = await sut.lookup('a');
    if (version === null) throw new Error('no write is in flight');
    const pooled = answer('a small answer');
    // Buffer.from puts short strings in a shared pool: the slab is larger than the body.
    expect(pooled.body.buffer.byteLength).toBeGreaterThan(pooled.body.byteLength);

    await sut.set(version, 'a', pooled, 0, [EVERY_ANSWER]);
    const kept = (await sut.lookup('a')).answer;

    expect(kept?.body.toString()).toBe('a small answer');
    expect(kept?.body.buffer.byteLength).toBe(kept?.body.byteLength);
  });

  it('drops the answer used longest ago, not the one kept first', async () => {
    const { sut, version } = await fullStore();

    await sut.lookup('a');
    await sut.set(version, 'c', answer('123'), 0, [EVERY_ANSWER]);

    expect((await sut.lookup('a')).answer?.body.toString()).toBe('12345');
    expect((await sut.lookup('b')).answer).toBeUndefined();
    expect((await sut.lookup('c')).answer?.body.toString()).toBe('123');
  });

  it('knows the order of use to the second: a use within a second of the last moves nothing', async () => {
    const start = 1_800_000_000_000;
    const clock = jest.spyOn(Date, 'now').mockReturnValue(start);
    try {
      const { sut, version } = await fullStore();
      await sut.lookup('a');
      await sut.lookup('b');
      // `a` is used again, but within a second of its last move: `b` still counts as later.
      clock.mockReturnValue(start + 500);
      await sut.lookup('a');
      await sut.set(version, 'c', answer('123'), 0, [EVERY_ANSWER]);
      expect((await sut.lookup('a')).answer).toBeUndefined();
      expect((await sut.lookup('b')).answer).toBeDefined();

      // A use a second or more after its last move moves it again.
      clock.mockReturnValue(start);
      const later = await fullStore();
      await later.sut.lookup('a');
      await later.sut.lookup('b');
      clock.mockReturnValue(start + 1_000);
      await later.sut.lookup('a');
      await later.sut.set(later.version, 'c', answer('123'), 0, [EVERY_ANSWER]);
      expect((await later.sut.lookup('a')).answer).toBeDefined();
      expect((await later.sut.lookup('b')).answer).toBeUndefined();
    } finally {
      jest.restoreAllMocks();
    }
  });

  it('keeps renderings under a bound of their own: they never push out an answer', async () => {
    const sut = new MemoryReadCacheStore(13, 20);
    const version = (await sut.lookup('a')).version ?? '';
    await sut.set(version, 'a', answer('12345'), 0, [EVERY_ANSWER]);
    await sut.set(version, 'b', answer('12345'), 0, [EVERY_ANSWER]);
    const first = `${RENDERING_PREFIX}1`;
    const second = `${RENDERING_PREFIX}2`;
    await sut.set(version, first, answer('123456'), 0, [eventKey(1)]);
    await sut.set(version, second, answer('123456'), 0, [eventKey(2)]);

    expect((await sut.lookup('a')).answer?.body.toString()).toBe('12345');
    expect((await sut.lookup('b')).answer?.body.toString()).toBe('12345');
    // 14 + 14 units over a bound of 20: the rendering read longest ago went.
    expect((await sut.lookup(first)).answer).toBeUndefined();
    expect((await sut.lookup(second)).answer?.body.toString()).toBe('123456');
    // A new epoch ends both kinds.
    await sut.endWrite(await sut.beginWrite(), 'all');
    expect((await sut.lookup(second)).answer).toBeUndefined();
    expect((await sut.lookup('a')).answer).toBeUndefined();
  });

  it('answers from before a write until it ends, then forgets everything', async () => {
    const sut = new MemoryReadCacheStore(1000);
    const before = (await sut.lookup('k')).version ?? '';
    await sut.set(before, 'k', answer('old'), 0, [EVERY_ANSWER]);

    const ticket = await sut.beginWrite();
    const during = await sut.lookup('k');
    await sut.endWrite(ticket, 'all');
    const after = await sut.lookup('k');

    expect(during).toEqual({ version: before, answer: answer('old') });
    expect(after.version).not.toBe(before);
    expect(after.answer).toBeUndefined();
  });

  it('never keeps an answer read under a version a write has since moved', async () => {
    const sut = new MemoryReadCacheStore(1000);
    const seen = (await sut.lookup('k')).version ?? '';

    await sut.endWrite(await sut.beginWrite(), 'all');
    await sut.set(seen, 'k', answer('made before the write ended'), 0, [EVERY_ANSWER]);

    expect((await sut.lookup('k')).answer).toBeUndefined();
  });

  it('keeps its answers through a write that changed nothing (a rollback)', async () => {
    const sut = new MemoryReadCacheStore(1000);
    const before = (await sut.lookup('k')).version ?? '';
    await sut.set(before, 'k', answer('kept'), 0, [EVERY_ANSWER]);

    await sut.endWrite(await sut.beginWrite(), 'none');

    expect(await sut.lookup('k')).toEqual({ version: before, answer: answer('kept') });
  });

  it('tells a value read under an earlier version is current while none of its keys moved', async () => {
    const sut = new MemoryReadCacheStore(1_000);
    const since = await sut.version();
    if (since === null) throw new Error('no version');
    await sut.endWrite(await sut.beginWrite(), { keys: [EVERY_ANSWER, termKey(2)] });
    const later = await sut.version();
    if (later === null) throw new Error('no version');

    expect(sut.keptBetween(since, later, [termKey(1)])).toBe(true);
    expect(sut.keptBetween(since, later, [])).toBe(true);
    expect(sut.keptBetween(since, later, [termKey(2)])).toBe(false);
    // Only against the current version, within one epoch.
    await sut.endWrite(await sut.beginWrite(), { keys: [termKey(3)] });
    expect(sut.keptBetween(since, later, [termKey(1)])).toBe(false);
    const current = await sut.version();
    if (current === null) throw new Error('no version');
    expect(sut.keptBetween(since, current, [termKey(1)])).toBe(true);
    await sut.endWrite(await sut.beginWrite(), 'all');
    const next = await sut.version();
    if (next === null) throw new Error('no version');
    expect(sut.keptBetween(since, next, [])).toBe(false);
  });

  it('keeps an answer narrowed to terms through a write of other terms, not of one of its own', async () => {
    const sut = new MemoryReadCacheStore(1000);
    const seen = (await sut.lookup('k')).version ?? '';
    await sut.set(seen, 'music', answer('music'), 0, [termKey(1), termKey(2)]);
    await sut.set(seen, 'all', answer('all'), 0, [EVERY_ANSWER]);

    await sut.endWrite(await sut.beginWrite(), { keys: [EVERY_ANSWER, termKey(3)] });

    expect((await sut.lookup('music')).answer?.body.toString()).toBe('music');
    expect((await sut.lookup('all')).answer).toBeUndefined();

    await sut.endWrite(await sut.beginWrite(), { keys: [EVERY_ANSWER, termKey(2)] });

    expect((await sut.lookup('music')).answer).toBeUndefined();
  });

  it('never keeps a narrowed answer read before a write of one of its terms ended', async () => {
    const sut = new MemoryReadCacheStore(1000);
    const seen = (await sut.lookup('k')).version ?? '';

    await sut.endWrite(await sut.beginWrite(), { keys: [EVERY_ANSWER, termKey(2)] });
    await sut.set(seen, 'music', answer('made before the write ended'), 0, [termKey(2)]);
    await sut.set(seen, 'film', answer('film'), 0, [termKey(5)]);

    expect((await sut.lookup('music')).answer).toBeUndefined();
    expect((await sut.lookup('film')).answer?.body.toString()).toBe('film');
  });

  it('keeps an answer kept up to a position through moves of its keys from after it', async () => {
    const sut = new MemoryReadCacheStore(1000);
    const seen = (await sut.lookup('page')).version ?? '';
    await sut.set(seen, 'page', answer('rows'), 0, [EVERY_ANSWER], 100);
    await sut.set(seen, 'whole', answer('all'), 0, [EVERY_ANSWER]);

    await sut.endWrite(await sut.beginWrite(), { keys: [EVERY_ANSWER], from: 101 });
    const later = await sut.lookup('page');
    const whole = await sut.lookup('whole');
    await sut.endWrite(await sut.beginWrite(), { keys: [EVERY_ANSWER], from: 100 });
    const reached = await sut.lookup('page');

    expect(later.answer?.body.toString()).toBe('rows');
    expect(whole.answer).toBeUndefined();
    expect(reached.answer).toBeUndefined();
  });

  it('ends an answer kept up to a position with a move from anywhere, and never keeps one read before a move that reached it', async () => {
    const sut = new MemoryReadCacheStore(1000);
    const seen = (await sut.lookup('page')).version ?? '';
    await sut.set(seen, 'page', answer('rows'), 0, [EVERY_ANSWER], 100);

    await sut.endWrite(await sut.beginWrite(), { keys: [EVERY_ANSWER] });
    const gone = await sut.lookup('page');
    await sut.endWrite(await sut.beginWrite(), { keys: [EVERY_ANSWER], from: 500 });
    await sut.set(seen, 'page', answer('read before both'), 0, [EVERY_ANSWER], 100);
    const after = await sut.lookup('page');

    expect(gone.answer).toBeUndefined();
    expect(after.answer).toBeUndefined();
  });

  it('still ends what a move reached once later moves are merged into it', async () => {
    const sut = new MemoryReadCacheStore(1000);
    const seen = (await sut.lookup('early')).version ?? '';
    await sut.set(seen, 'early', answer('e'), 0, [EVERY_ANSWER], 9);
    await sut.set(seen, 'reached', answer('r'), 0, [EVERY_ANSWER], 10);
    // One move at position 10, then enough after it that it is merged with the next ones.
    for (let position = 10; position < 10 + 3 * MAX_FRONT; position++) {
      await sut.endWrite(await sut.beginWrite(), { keys: [EVERY_ANSWER], from: position });
    }

    expect((await sut.lookup('early')).answer?.body.toString()).toBe('e');
    expect((await sut.lookup('reached')).answer).toBeUndefined();
  });

  describe('a list of kept renderings', () => {
    const far = Date.now() + 60_000;
    const keyOf = (id: number): string => `${RENDERING_PREFIX}event ${id}`;
    const event = (id: number, music: number): Template => {
      const item = {
        id,
        title: `Event ${id} – ${'x'.repeat(200)}`,
        categories: [{ id: 7, count: music }],
      };
      const template = itemTemplateOf(item);
      if (!template) throw new Error('no template');
      return template;
    };
    const kept = (template: Template): CachedAnswer => ({
      body: template.body,
      live: template.live,
      etag: '',
      headers: {},
      madeAt: 0,
      expiresAt: far,
    });
    /** The list of events 1 and 2 (kept at different counts) as the interceptor keeps it. */
    const list = (): CachedAnswer => {
      const counts = new Map([[7, 5]]);
      const template = templateOf(
        {
          events: [1, 2].map((id) => new KeptItem(event(id, id), counts, keyOf(id))),
          rest_url: 'https://example.com/events',
          total: 2,
          total_pages: 1,
        },
        {
          totalKey: 'total',
          page: 1,
          perPage: 10,
          nextUrl: 'https://example.com/next',
          dependsOn: [],
        },
      );
      if (!template) throw new Error('no template');
      return { ...kept(template), etag: '"list"' };
    };
    const stored = async (bound: number) => {
      const sut = new MemoryReadCacheStore(bound, 10_000);
      const version = (await sut.lookup('list')).version ?? '';
      await sut.set(version, keyOf(1), kept(event(1, 1)), 0, [eventKey(1)]);
      await sut.set(version, keyOf(2), kept(event(2, 2)), 0, [eventKey(2)]);
      const whole = list();
      await sut.set(version, 'list', whole, 0, [EVERY_ANSWER]);
      return { sut, whole };
    };

    it('holds only the bytes around its items, and gives back the whole list', async () => {
      const whole = list();
      expect(whole.live?.items?.map((item) => item.key)).toEqual([keyOf(1), keyOf(2)]);
      // A bound the list's bytes outgrow, which holds the bytes around its items.
      const { sut } = await stored(whole.body.byteLength - 300);

      const found = (await sut.lookup('list')).answer;

      expect(found?.body.toString()).toBe(whole.body.toString());
      expect(found?.etag).toBe('"list"');
      expect(found?.live).toEqual(whole.live);
    });

    it('keeps the bytes of the items whose renderings it does not hold', async () => {
      const sut = new MemoryReadCacheStore(10_000, 0);
      const version = (await sut.lookup('list')).version ?? '';
      const whole = list();
      await sut.set(version, keyOf(1), kept(event(1, 1)), 0, [eventKey(1)]);
      await sut.set(version, 'list', whole, 0, [EVERY_ANSWER]);

      expect((await sut.lookup(keyOf(1))).answer).toBeUndefined();
      expect((await sut.lookup('list')).answer?.body.toString()).toBe(whole.body.toString());
    });

    it('is a miss once one of its renderings is gone, and stays gone', async () => {
      const { sut } = await stored(10_000);

      await sut.endWrite(await sut.beginWrite(), { keys: [eventKey(2)] });

      expect((await sut.lookup('list')).answer).toBeUndefined();
      expect((await sut.lookup(keyOf(1))).answer).toBeDefined();
      expect((await sut.lookup('list')).answer).toBeUndefined();
    });

    it('gives back a list found before with a rendering kept anew in its place', async () => {
      const { sut, whole } = await stored(10_000);
      expect((await sut.lookup('list')).answer?.body.toString()).toBe(whole.body.toString());

      // Event 1 rendered again (same length, other text), as a write's next reader keeps it.
      const version = (await sut.lookup('list')).version ?? '';
      const renamed = itemTemplateOf({
        id: 1,
        title: `Event 1 – ${'y'.repeat(200)}`,
        categories: [{ id: 7, count: 1 }],
      });
      if (!renamed) throw new Error('no template');
      await sut.set(version, keyOf(1), kept(renamed), 0, [eventKey(1)]);
      const again = (await sut.lookup('list')).answer?.body.toString() ?? '';

      expect(again).not.toBe(whole.body.toString());
      expect(JSON.parse(again)).toMatchObject({
        events: [{ title: `Event 1 – ${'y'.repeat(200)}` }, { id: 2 }],
      });
    });

    it('is a miss after a write of one of its renderings, though found before', async () => {
      const { sut } = await stored(10_000);
      expect((await sut.lookup('list')).answer).toBeDefined();

      await sut.endWrite(await sut.beginWrite(), { keys: [eventKey(2)] });

      expect((await sut.lookup('list')).answer).toBeUndefined();
    });

    it('is still found through a write of another event and a rendering kept for another', async () => {
      const { sut, whole } = await stored(10_000);
      expect((await sut.lookup('list')).answer).toBeDefined();

      await sut.endWrite(await sut.beginWrite(), { keys: [eventKey(3)] });
      const version = (await sut.lookup('list')).version ?? '';
      await sut.set(version, keyOf(3), kept(event(3, 3)), 0, [eventKey(3)]);

      expect((await sut.lookup('list')).answer?.body.toString()).toBe(whole.body.toString());
    });

    it('is a miss once a rendering it holds expired, though found before', async () => {
      const sut = new MemoryReadCacheStore(10_000, 10_000);
      const version = (await sut.lookup('list')).version ?? '';
      const soon = Date.now() + 1_000;
      await sut.set(version, keyOf(1), kept(event(1, 1)), 0, [eventKey(1)]);
      await sut.set(version, keyOf(2), { ...kept(event(2, 2)), expiresAt: soon }, 0, [eventKey(2)]);
      await sut.set(version, 'list', list(), 0, [EVERY_ANSWER]);
      expect((await sut.lookup('list')).answer).toBeDefined();

      jest.spyOn(Date, 'now').mockReturnValue(soon);
      try {
        expect((await sut.lookup('list')).answer).toBeUndefined();
      } finally {
        jest.restoreAllMocks();
      }
    });

    it('is a miss once the renderings shelf pushed out one it holds, though found before', async () => {
      const whole = list();
      // Room for three renderings.
      const sut = new MemoryReadCacheStore(10_000, 3 * (event(1, 1).body.byteLength + 20));
      const version = (await sut.lookup('list')).version ?? '';
      await sut.set(version, keyOf(1), kept(event(1, 1)), 0, [eventKey(1)]);
      await sut.set(version, keyOf(2), kept(event(2, 2)), 0, [eventKey(2)]);
      await sut.set(version, 'list', whole, 0, [EVERY_ANSWER]);
      expect((await sut.lookup('list')).answer).toBeDefined();

      // A fourth outgrows the shelf: the one used longest ago goes.
      await sut.set(version, keyOf(3), kept(event(3, 3)), 0, [eventKey(3)]);
      await sut.set(version, keyOf(4), kept(event(4, 4)), 0, [eventKey(4)]);

      expect((await sut.lookup('list')).answer).toBeUndefined();
    });

    it('keeps the list as the cache refilled it after a lookup', async () => {
      const { sut } = await stored(10_000);
      const found = (await sut.lookup('list')).answer;
      if (!found?.live) throw new Error('not found');
      const filled = refill(found.body, found.live, { total: 3, counts: new Map([[7, 1234]]) });
      if (!filled) throw new Error('not refilled');

      await sut.replace('list', found, { ...found, body: filled.body, live: filled.live });
      const again = (await sut.lookup('list')).answer;

      expect(again?.body.toString()).toBe(filled.body.toString());
      expect(JSON.parse(again?.body.toString() ?? '')).toMatchObject({
        total: 3,
        events: [{ categories: [{ count: 1234 }] }, { categories: [{ count: 1234 }] }],
      });
    });
  });
});
