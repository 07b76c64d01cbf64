import { MemoryReadCacheStore } from './memory-read-cache.store';
import { CachedAnswer } from './read-cache.store';

function answer(body: string): CachedAnswer {
  return { body, etag: 'W/"x"', headers: {}, madeAt: 0, expiresAt: 1 };
}

describe('MemoryReadCacheStore', () => {
  it('drops the oldest answers when keys and bodies outgrow the bound', async () => {
    const sut = new MemoryReadCacheStore(13);
    const { version } = await sut.lookup('a');
    if (version === null) throw new Error('no write is in flight');

    await sut.set(version, 'a', answer('12345'));
    await sut.set(version, 'b', answer('12345'));
    await sut.set(version, 'c', answer('123'));

    expect((await sut.lookup('a')).answer).toBeUndefined();
    expect((await sut.lookup('b')).answer?.body).toBe('12345');
    expect((await sut.lookup('c')).answer?.body).toBe('123');
  });

  it('drops the answer used longest ago, not the one kept first', async () => {
    const sut = new MemoryReadCacheStore(13);
    const { version } = await sut.lookup('a');
    if (version === null) throw new Error('no write is in flight');
    await sut.set(version, 'a', answer('12345'));
    await sut.set(version, 'b', answer('12345'));

    await sut.lookup('a');
    await sut.set(version, 'c', answer('123'));

    expect((await sut.lookup('a')).answer?.body).toBe('12345');
    expect((await sut.lookup('b')).answer).toBeUndefined();
    expect((await sut.lookup('c')).answer?.body).toBe('123');
  });

  it('answers from before a write until it ends, then forgets everything', async () => {
    const sut = new MemoryReadCacheStore(1000);
    const before = (await sut.lookup('k')).version ?? '';
    await sut.set(before, 'k', answer('old'));

    const ticket = await sut.beginWrite();
    const during = await sut.lookup('k');
    await sut.endWrite(ticket, true);
    const after = await sut.lookup('k');

    expect(during).toEqual({ version: before, answer: answer('old') });
    expect(after.version).not.toBe(before);
    expect(after.answer).toBeUndefined();
  });

  it('never keeps an answer read under a version a write has since moved', async () => {
    const sut = new MemoryReadCacheStore(1000);
    const seen = (await sut.lookup('k')).version ?? '';

    await sut.endWrite(await sut.beginWrite(), true);
    await sut.set(seen, 'k', answer('made before the write ended'));

    expect((await sut.lookup('k')).answer).toBeUndefined();
  });

  it('keeps its answers through a write that changed nothing (a rollback)', async () => {
    const sut = new MemoryReadCacheStore(1000);
    const before = (await sut.lookup('k')).version ?? '';
    await sut.set(before, 'k', answer('kept'));

    await sut.endWrite(await sut.beginWrite(), false);

    expect(await sut.lookup('k')).toEqual({ version: before, answer: answer('kept') });
  });
});
