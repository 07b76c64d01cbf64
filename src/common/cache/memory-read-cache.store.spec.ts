import { MemoryReadCacheStore } from './memory-read-cache.store';
import { CachedAnswer } from './read-cache.store';

function answer(body: string): CachedAnswer {
  return { body, etag: 'W/"x"', headers: {}, madeAt: 0 };
}

describe('MemoryReadCacheStore', () => {
  it('drops the oldest answers when keys and bodies outgrow the bound', async () => {
    const sut = new MemoryReadCacheStore(13, 60_000);
    const { version } = await sut.lookup('a');
    if (version === null) throw new Error('no write is in flight');

    await sut.set(version, 'a', answer('12345'));
    await sut.set(version, 'b', answer('12345'));
    await sut.set(version, 'c', answer('123'));

    expect((await sut.lookup('a')).answer).toBeUndefined();
    expect((await sut.lookup('b')).answer?.body).toBe('12345');
    expect((await sut.lookup('c')).answer?.body).toBe('123');
  });

  it('neither answers nor keeps while a write is in flight, and forgets everything after it', async () => {
    const sut = new MemoryReadCacheStore(1000, 60_000);
    const before = (await sut.lookup('k')).version ?? '';
    await sut.set(before, 'k', answer('old'));

    const ticket = await sut.beginWrite();
    const during = await sut.lookup('k');
    await sut.set(before, 'k', answer('during'));
    await sut.endWrite(ticket);
    const after = await sut.lookup('k');

    expect(during).toEqual({ version: null });
    expect(after.version).not.toBe(before);
    expect(after.answer).toBeUndefined();
  });

  it('stops counting a write that never ended once its time is up', async () => {
    const sut = new MemoryReadCacheStore(1000, 1);
    await sut.beginWrite();
    await new Promise((resolve) => setTimeout(resolve, 5));

    expect((await sut.lookup('k')).version).not.toBeNull();
  });
});
