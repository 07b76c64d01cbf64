import { VISIBLE_TO_EDITORS } from '../../access/visibility';
import type { PostStatus } from '../../posts/post-status';
import type { EventListFilter } from './event-list.repository';
import { daysBetween, dayStart, ownSplit, utcDay, windowPlan } from './window-total';

const PUBLIC: EventListFilter = {
  visibility: { statuses: new Set(['publish']) },
  now: new Date('2026-11-23T12:00:00Z'),
  startFrom: new Date('2026-11-22T00:00:00Z'),
  endUntil: new Date('2028-11-23T23:59:59Z'),
};

describe('windowPlan', () => {
  it('sums the whole days strictly inside the window, for all events', () => {
    expect(windowPlan(PUBLIC)).toEqual({
      termId: 0,
      featured: [false, true],
      statuses: ['future', 'publish'],
      lessPending: true,
      innerFrom: new Date('2026-11-23T00:00:00Z'),
      lastFrom: new Date('2028-11-23T00:00:00Z'),
    });
  });

  it('takes one category or one tag, and featured', () => {
    expect(windowPlan({ ...PUBLIC, categoryIds: [7], featured: true })).toMatchObject({
      termId: 7,
      featured: [true],
    });
    expect(windowPlan({ ...PUBLIC, tagIds: [9] })).toMatchObject({ termId: 9 });
  });

  it('leaves to a row count what day counts cannot answer exactly', () => {
    const counted: Partial<EventListFilter>[] = [
      { visibility: { statuses: new Set(['future', 'draft']) } },
      { visibility: { statuses: new Set() } },
      {
        visibility: {
          statuses: new Set(['publish']),
          own: { author: 3, statuses: new Set(['draft']) },
        },
      },
      { startFrom: undefined },
      { endUntil: undefined },
      { endUntil: new Date('2026-11-23T20:00:00Z') },
      { categoryIds: [1, 2] },
      { categoryIds: [1], tagIds: [2] },
      { categoryIds: [] },
      { search: { words: ['jazz'], language: 'en', protectedTextOf: 'none' } },
      { venueIds: [4] },
      { organizerIds: [4] },
      { nearVenueIds: [] },
      { geoloc: true },
      { include: [1] },
      { postParent: 1 },
      { startsBefore: new Date('2027-01-01T00:00:00Z') },
      { endsAfter: new Date('2027-01-01T00:00:00Z') },
    ];
    for (const change of counted) expect(windowPlan({ ...PUBLIC, ...change })).toBeNull();
  });

  it("sums the statuses an editor's list shows, scheduled events whole when it shows them", () => {
    const editor = (statuses: PostStatus[]): EventListFilter => ({
      ...PUBLIC,
      visibility: { statuses: new Set(statuses) },
    });
    expect(windowPlan(editor([...VISIBLE_TO_EDITORS]))).toMatchObject({
      statuses: ['draft', 'future', 'pending', 'private', 'publish'],
      lessPending: false,
    });
    expect(windowPlan(editor(['publish', 'draft']))).toMatchObject({
      statuses: ['draft', 'future', 'publish'],
      lessPending: true,
    });
    expect(windowPlan(editor(['draft', 'trash']))).toMatchObject({
      statuses: ['draft', 'trash'],
      lessPending: false,
    });
  });

  it('keeps a public list whose own drafts list is empty', () => {
    const own = { author: 3, statuses: new Set<never>() };
    expect(
      windowPlan({ ...PUBLIC, visibility: { statuses: new Set(['publish']), own } }),
    ).not.toBeNull();
  });
});

describe('ownSplit', () => {
  const own = { author: 3, statuses: new Set<PostStatus>(['draft', 'future']) };

  it("cuts an author's list into everyone's published events and the author's own", () => {
    const filter: EventListFilter = {
      ...PUBLIC,
      categoryIds: [7],
      visibility: { statuses: new Set(['publish']), own },
    };
    const split = ownSplit(filter);
    expect(split?.others).toEqual({ ...filter, visibility: { statuses: new Set(['publish']) } });
    expect(split?.mine).toEqual({ ...filter, visibility: { statuses: new Set(), own } });
    expect(windowPlan(split!.others!)).not.toBeNull();
  });

  it('has no published part when the author asked for none', () => {
    const split = ownSplit({ ...PUBLIC, visibility: { statuses: new Set(), own } });
    expect(split).toBeDefined();
    expect(split?.others).toBeUndefined();
  });

  it('leaves other lists whole', () => {
    expect(ownSplit(PUBLIC)).toBeUndefined();
    const author = { statuses: new Set<PostStatus>(['publish']), own };
    expect(ownSplit({ ...PUBLIC, visibility: author, venueIds: [4] })).toBeUndefined();
    expect(ownSplit({ ...PUBLIC, visibility: author, endUntil: undefined })).toBeUndefined();
    const ownPublished = { author: 3, statuses: new Set<PostStatus>(['publish', 'draft']) };
    expect(
      ownSplit({ ...PUBLIC, visibility: { statuses: new Set(), own: ownPublished } }),
    ).toBeUndefined();
  });
});

describe('utcDay and dayStart', () => {
  it('read the UTC day of an instant', () => {
    const instant = new Date('2027-03-28T23:30:00-02:00');
    expect(utcDay(instant)).toBe('2027-03-29');
    expect(dayStart(instant)).toEqual(new Date('2027-03-29T00:00:00Z'));
    expect(dayStart(instant, 1)).toEqual(new Date('2027-03-30T00:00:00Z'));
  });
});

describe('daysBetween', () => {
  it("names each UTC day from the first instant's to the day before the second's", () => {
    expect(daysBetween(new Date('2031-02-27T23:30:00Z'), new Date('2031-03-02T00:00:00Z'))).toEqual(
      ['2031-02-27', '2031-02-28', '2031-03-01'],
    );
    expect(daysBetween(new Date('2031-03-02T05:00:00Z'), new Date('2031-03-02T23:00:00Z'))).toEqual(
      [],
    );
  });

  it('names none past `most` days', () => {
    const from = new Date('2031-03-01T10:00:00Z');
    expect(daysBetween(from, new Date('2031-03-04T00:00:00Z'), 3)).toHaveLength(3);
    expect(daysBetween(from, new Date('2031-03-05T00:00:00Z'), 3)).toBeUndefined();
  });
});
