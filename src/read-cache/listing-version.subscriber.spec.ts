import { UnitChanges } from '../database/unit-changes';
import { changeOf } from './listing-version.subscriber';
import {
  dayKey,
  eventKey,
  EVERY_ANSWER,
  organizerKey,
  SCHEDULED,
  searchKey,
  termKey,
  venueKey,
} from './read-cache.store';

function changes(
  fields: Partial<Omit<UnitChanges, 'filedTerms'>>,
  terms: number[] = [],
): UnitChanges {
  const record = Object.assign(new UnitChanges(), fields);
  for (const id of terms) record.filedTerms.add(id);
  return record;
}

describe('changeOf', () => {
  it('ends nothing for a unit unseen by the public, even a narrowed one', () => {
    expect(changeOf(changes({ unseenByPublic: true, narrowedTo: 5 }))).toBe('none');
  });

  it('ends everything for a unit that did not say it was one event’s own write', () => {
    expect(changeOf(changes({}, [3]))).toBe('all');
  });

  it('ends the event, its filed terms and every unnarrowed answer from where it wrote', () => {
    expect(changeOf(changes({ narrowedTo: 5, listingFrom: 1000 }, [3, 4]))).toEqual({
      keys: [EVERY_ANSWER, termKey(3), termKey(4), eventKey(5)],
      from: 1000,
    });
  });

  it('ends the scheduled values too when it wrote a scheduled event, anywhere without a position', () => {
    expect(changeOf(changes({ narrowedTo: 5, wroteScheduled: true }))).toEqual({
      keys: [EVERY_ANSWER, eventKey(5), SCHEDULED],
    });
  });

  it('ends the searches of its words, the lists of its venues and organizers, and of its start days', () => {
    const record = changes({ narrowedTo: 5 });
    record.searchPrefixes.add('jaz');
    record.venues.add(7);
    record.organizers.add(8);
    record.listingDays.add('2027-01-10');
    expect(changeOf(record)).toEqual({
      keys: [
        EVERY_ANSWER,
        eventKey(5),
        searchKey('jaz'),
        venueKey(7),
        organizerKey(8),
        dayKey('2027-01-10'),
      ],
    });
  });
});
