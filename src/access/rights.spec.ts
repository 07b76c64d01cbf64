import { mayEdit, mayManageTerms, mayReadUnpublished, scaledStatus } from './rights';
import { listVisibility } from './visibility';
import { ANONYMOUS, Role, Viewer } from './viewer';

const as = (role: Role | null, userId = 2): Viewer => ({ userId, role });

describe('rights', () => {
  it.each([
    ['administrator', 1, 'publish', true],
    ['editor', 1, 'draft', true],
    ['author', 2, 'publish', true],
    ['author', 1, 'draft', false],
    ['contributor', 2, 'draft', true],
    ['contributor', 2, 'pending', true],
    ['contributor', 2, 'publish', false],
    ['contributor', 2, 'future', false],
    ['subscriber', 2, 'draft', false],
    [null, 2, 'draft', false],
  ] as const)('a %s may edit an item of user %d in %s: %s', (role, author, status, expected) => {
    expect(mayEdit(as(role), { author, status })).toBe(expected);
  });

  it('lets nobody anonymous read or edit, even an item of author 0', () => {
    expect(mayEdit(ANONYMOUS, { author: 0, status: 'draft' })).toBe(false);
    expect(mayReadUnpublished(ANONYMOUS, { author: 0, status: 'draft' })).toBe(false);
    expect(mayReadUnpublished(as('subscriber'), { author: 2, status: 'private' })).toBe(false);
    expect(mayReadUnpublished(as('contributor'), { author: 2, status: 'private' })).toBe(true);
  });

  it('gives categories to authors and up, tags to editors and up', () => {
    expect(mayManageTerms(as('author'), 'tribe_events_cat')).toBe(true);
    expect(mayManageTerms(as('author'), 'post_tag')).toBe(false);
    expect(mayManageTerms(as('editor'), 'post_tag')).toBe(true);
    expect(mayManageTerms(as('contributor'), 'tribe_events_cat')).toBe(false);
  });

  it.each([
    ['author', undefined, true, 'publish'],
    ['author', undefined, false, undefined],
    ['author', 'future', true, 'future'],
    ['contributor', undefined, true, 'draft'],
    ['contributor', undefined, false, undefined],
    ['contributor', 'publish', false, 'pending'],
    ['contributor', 'future', true, 'pending'],
    ['contributor', 'private', true, 'pending'],
    ['contributor', 'trash', false, 'trash'],
  ] as const)(
    'scales %s asking for %s (create: %s) to %s',
    (role, requested, creating, expected) => {
      expect(scaledStatus(as(role), requested, creating)).toBe(expected);
    },
  );
});

describe('listVisibility', () => {
  it('gives callers who may not write published items only, and refuses other statuses', () => {
    expect(listVisibility(undefined, as('subscriber')).visibility.statuses).toEqual(
      new Set(['publish']),
    );
    expect(() => listVisibility(['draft'], ANONYMOUS)).toThrow();
    expect(() => listVisibility(['any'], ANONYMOUS)).toThrow();
  });

  it("adds a contributor's own items of the other statuses asked for", () => {
    const { visibility, statuses } = listVisibility(['publish', 'draft'], as('contributor', 5));

    expect(statuses).toEqual(['publish', 'draft']);
    expect(visibility).toEqual({
      statuses: new Set(['publish']),
      own: { author: 5, statuses: new Set(['draft']) },
    });
  });

  it('gives editors every status but trash by default', () => {
    const { visibility } = listVisibility(undefined, as('editor'));

    expect([...visibility.statuses].sort()).toEqual(
      ['draft', 'future', 'pending', 'private', 'publish'].sort(),
    );
    expect(visibility.own).toBeUndefined();
  });
});
