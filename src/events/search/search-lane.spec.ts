import { asBackground } from '../../common/runtime/background';
import { loadConfig } from '../../config/load-config';
import { SearchLane, SearchLaneBusy } from './search-lane';

/** A search that reads until `finish` is called. */
function held(): { read: () => Promise<string>; finish: (value: string) => void } {
  let end: (value: string) => void = () => undefined;
  return {
    read: () => new Promise<string>((done) => (end = done)),
    finish: (value) => end(value),
  };
}

const laneOf = (places: number): SearchLane =>
  new SearchLane(
    loadConfig({ SQLITE_PATH: ':memory:', DATABASE_SEARCH_CONCURRENCY: String(places) }, null),
  );

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('SearchLane, searches made ahead of need', () => {
  it('runs one when the lane is idle', async () => {
    const lane = laneOf(2);
    await expect(asBackground(() => lane.run(() => Promise.resolve('ahead')))).resolves.toBe(
      'ahead',
    );
  });

  it('leaves the last place to readers: turned away while a reader searches, the next reader runs at once', async () => {
    const lane = laneOf(2);
    const reader = held();
    const reading = lane.run(reader.read);
    await tick();
    await expect(asBackground(() => lane.run(() => Promise.resolve('ahead')))).rejects.toThrow(
      SearchLaneBusy,
    );
    let second = false;
    const next = lane.run(() => {
      second = true;
      return Promise.resolve('second');
    });
    await expect(next).resolves.toBe('second');
    expect(second).toBe(true);
    reader.finish('first');
    await expect(reading).resolves.toBe('first');
  });

  it('never queues: turned away while a reader waits for a place, and the reader keeps its turn', async () => {
    const lane = laneOf(1);
    const first = held();
    const running = lane.run(first.read);
    const waiting = lane.run(() => Promise.resolve('waited'));
    await tick();
    let ran = false;
    await expect(
      asBackground(() =>
        lane.run(() => {
          ran = true;
          return Promise.resolve('ahead');
        }),
      ),
    ).rejects.toThrow(SearchLaneBusy);
    first.finish('first');
    await expect(Promise.all([running, waiting])).resolves.toEqual(['first', 'waited']);
    expect(ran).toBe(false);
    // A lane of one place lends it to work made ahead when nobody holds or waits for it.
    await expect(asBackground(() => lane.run(() => Promise.resolve('ahead')))).resolves.toBe(
      'ahead',
    );
  });
});
