import { readOrganizerInput, readTermInput, readVenueInput } from './link-inputs';

describe('readVenueInput', () => {
  it.each([null, '', '0', 0, false, []])('reads %p as unlinking the venue', (raw) => {
    expect(readVenueInput(raw)).toEqual({ kind: 'clear' });
  });

  it('reads an id given as a number, a digit string or {id}', () => {
    expect(readVenueInput(45)).toEqual({ kind: 'id', id: 45 });
    expect(readVenueInput('45')).toEqual({ kind: 'id', id: 45 });
    expect(readVenueInput({ id: '45' })).toEqual({ kind: 'id', id: 45 });
    expect(readVenueInput([45])).toEqual({ kind: 'id', id: 45 });
  });

  it('reads an object without id as an inline venue', () => {
    expect(readVenueInput({ venue: 'Hall', city: 'Girona' })).toEqual({
      kind: 'inline',
      fields: { venue: 'Hall', city: 'Girona' },
    });
  });

  it('refuses more than one venue, negative ids and words', () => {
    expect(readVenueInput('1,2')).toBeNull();
    expect(readVenueInput([1, 2])).toBeNull();
    expect(readVenueInput(-3)).toBeNull();
    expect(readVenueInput('hall')).toBeNull();
    expect(readVenueInput({ id: 'x' })).toBeNull();
  });
});

describe('readOrganizerInput', () => {
  it('keeps the order of mixed ids, {id} objects and inline organizers', () => {
    expect(readOrganizerInput([{ organizer: 'A' }, { id: 67 }, '68'])).toEqual([
      { kind: 'inline', fields: { organizer: 'A' } },
      { kind: 'id', id: 67 },
      { kind: 'id', id: 68 },
    ]);
  });

  it('reads comma lists, single ids and form-encoded index objects', () => {
    expect(readOrganizerInput('3, 4')).toEqual([
      { kind: 'id', id: 3 },
      { kind: 'id', id: 4 },
    ]);
    expect(readOrganizerInput(9)).toEqual([{ kind: 'id', id: 9 }]);
    expect(readOrganizerInput({ '1': { id: '5' }, '0': { organizer: 'B' } })).toEqual([
      { kind: 'inline', fields: { organizer: 'B' } },
      { kind: 'id', id: 5 },
    ]);
  });

  it.each([[], '', null, 0])('reads %p as unlinking every organizer', (raw) => {
    expect(readOrganizerInput(raw)).toEqual([]);
  });

  it('refuses values that name no organizer', () => {
    expect(readOrganizerInput(['x'])).toBeNull();
    expect(readOrganizerInput(true)).toBeNull();
  });
});

describe('readTermInput', () => {
  it('reads arrays and comma lists of ids, slugs and names, without repeats', () => {
    expect(readTermInput(['jazz', 12, 'Live Music'])).toEqual(['jazz', '12', 'Live Music']);
    expect(readTermInput('jazz, rock,jazz')).toEqual(['jazz', 'rock']);
    expect(readTermInput(7)).toEqual(['7']);
  });

  it.each([[], '', null])('reads %p as clearing the terms', (raw) => {
    expect(readTermInput(raw)).toEqual([]);
  });

  it('refuses objects that are not lists', () => {
    expect(readTermInput({ name: 'x' })).toBeNull();
    expect(readTermInput([{ id: 1 }])).toBeNull();
  });
});
