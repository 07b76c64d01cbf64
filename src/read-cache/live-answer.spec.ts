import {
  countedTerms,
  itemTemplateOf,
  KeptItem,
  LiveSpec,
  refill,
  templateOf,
  valueOf,
} from './live-answer';

const SPEC: LiveSpec = {
  totalKey: 'events total {}',
  page: 1,
  perPage: 2,
  nextUrl: 'https://example.com/wp-json/tribe/events/v1/events/?per_page=2&page=2',
  dependsOn: ['events'],
  until: 0,
};

function term(id: number, count: number): Record<string, unknown> {
  return { id, name: `T${id}`, taxonomy: 'tribe_events_cat', count, slug: `t${id}` };
}

/** A list body as the route answers it (key order of toEventListResponse, then the token). */
function listBody(total: number, counts: { music: number; film: number }): Record<string, unknown> {
  const pages = Math.ceil(total / 2);
  return {
    events: [
      { id: 1, title: 'Jazz – 5 € – \u0000 東京', categories: [term(7, counts.music)], tags: [] },
      {
        id: 2,
        title: `"\\u0000${'0'.repeat(16)}:total"`,
        categories: [term(7, counts.music), term(9, counts.film)],
        tags: [{ id: 11, taxonomy: 'post_tag', count: 3 }],
      },
    ],
    rest_url: 'https://example.com/wp-json/tribe/events/v1/events/?page=1&per_page=2',
    ...(pages > 1 ? { next_rest_url: SPEC.nextUrl } : {}),
    total,
    total_pages: pages,
    next_sync_token: 'abc',
  };
}

describe('list templates', () => {
  it('serialises a body as JSON.stringify does, with or without a next page', () => {
    for (const total of [2, 3]) {
      const body = listBody(total, { music: 4, film: 1 });
      const template = templateOf(body, SPEC);

      expect(template?.body.toString()).toBe(JSON.stringify(body));
      expect(template && countedTerms(template.live).sort()).toEqual([11, 7, 9].sort());
    }
  });

  it('fills new numbers in: total, pages, the next link and counts, keeping the rest', () => {
    const template = templateOf(listBody(2, { music: 4, film: 1 }), SPEC);
    if (!template) throw new Error('no template');
    const counts = new Map([
      [7, 12],
      [9, 1],
      [11, 3],
    ]);

    const more = refill(template.body, template.live, { total: 3, counts });
    const back = more && refill(more.body, more.live, { total: 2, counts });

    expect(more?.body.toString()).toBe(JSON.stringify(listBody(3, { music: 12, film: 1 })));
    expect(back?.body.toString()).toBe(JSON.stringify(listBody(2, { music: 12, film: 1 })));
  });

  it('hands back the same bytes when nothing changed, and nothing when a count is missing', () => {
    const template = templateOf(listBody(3, { music: 4, film: 1 }), SPEC);
    if (!template) throw new Error('no template');
    const counts = new Map([
      [7, 4],
      [9, 1],
      [11, 3],
    ]);

    const same = refill(template.body, template.live, { total: 3, counts });
    counts.delete(9);
    const missing = refill(template.body, template.live, { total: 4, counts });

    expect(same?.body).toBe(template.body);
    expect(missing).toBeUndefined();
  });

  it('keeps no template of a body without a total', () => {
    expect(templateOf({ events: [], rest_url: 'x' }, SPEC)).toBeUndefined();
  });
});

describe('single item templates', () => {
  const item = (music: number, film: number): Record<string, unknown> => ({
    id: 1,
    title: 'Jazz – 5 € – \u0000 東京',
    categories: [term(7, music), term(9, film)],
    tags: [{ id: 11, taxonomy: 'post_tag', count: 3 }],
    json_ld: { '@type': 'Event', name: 'Jazz' },
  });

  it('serialises an item as JSON.stringify does, and fills in the counts of now byte for byte', () => {
    const template = itemTemplateOf(item(4, 1));
    if (!template) throw new Error('no template');
    expect(template.body.toString()).toBe(JSON.stringify(item(4, 1)));
    expect(template.live.totalKey).toBeUndefined();
    expect(countedTerms(template.live).sort((a, b) => a - b)).toEqual([7, 9, 11]);

    const now = refill(template.body, template.live, {
      total: template.live.total,
      counts: new Map([
        [7, 12],
        [9, 0],
        [11, 3],
      ]),
    });

    expect(now?.body.toString()).toBe(JSON.stringify(item(12, 0)));
    // A count no longer known cannot be filled: the route makes the answer again.
    expect(refill(template.body, template.live, { total: 0, counts: new Map([[7, 1]]) })).toBe(
      undefined,
    );
  });
});

describe('kept items in a list', () => {
  /** listBody with its events as kept renderings, kept when the counts were `then`. */
  function withKeptItems(
    total: number,
    then: { music: number; film: number },
    now: ReadonlyMap<number, number>,
  ): Record<string, unknown> {
    const body = listBody(total, then);
    const events = body['events'] as Record<string, unknown>[];
    return {
      ...body,
      events: events.map((event, index) => {
        // The first stays an item made now, the second is spliced from its kept bytes.
        if (index === 0) return event;
        const template = itemTemplateOf(event);
        if (!template) throw new Error('no template');
        return new KeptItem(template, now);
      }),
    };
  }

  it('splices kept items in as JSON.stringify would write them, with the counts of now', () => {
    const now = new Map([
      [7, 4],
      [9, 6],
    ]);
    const body = withKeptItems(3, { music: 4, film: 1 }, now);
    const template = templateOf(body, SPEC);

    // Term 11's count (3) is not among those of now: the kept one stays.
    expect(template?.body.toString()).toBe(JSON.stringify(listBody(3, { music: 4, film: 6 })));
    expect(JSON.stringify(body)).toBe(JSON.stringify(listBody(3, { music: 4, film: 6 })));
    expect(valueOf((body['events'] as unknown[])[1])).toEqual(
      (listBody(3, { music: 4, film: 6 })['events'] as unknown[])[1],
    );
  });

  it('leaves holes in the spliced bytes that a replay fills like any other', () => {
    const template = templateOf(withKeptItems(2, { music: 4, film: 1 }, new Map()), SPEC);
    if (!template) throw new Error('no template');
    expect(countedTerms(template.live).sort((a, b) => a - b)).toEqual([7, 9, 11]);

    const counts = new Map([
      [7, 12],
      [9, 2],
      [11, 3],
    ]);
    const more = refill(template.body, template.live, { total: 3, counts });

    expect(more?.body.toString()).toBe(JSON.stringify(listBody(3, { music: 12, film: 2 })));
  });
});
