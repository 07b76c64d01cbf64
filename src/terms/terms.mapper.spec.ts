import { ApiLinks } from '../common/links/links';
import { TermEntity } from './entities/term.entity';
import { TermTranslationEntity } from './entities/term-translation.entity';
import { termListLinks, termPagePath, toTermListResponse, toTermResponse } from './terms.mapper';
import { TermView } from './terms.service';

const links: ApiLinks = {
  namespace: 'https://api.test/calendar/events/v1',
  site: 'https://site.test',
  globalIdBase: 'site.test',
};

function view(overrides: Partial<TermEntity>, path: string[] = []): TermView {
  const term = Object.assign(new TermEntity(), {
    id: 12,
    taxonomy: 'tribe_events_cat',
    slug: 'jazz',
    parent: 0,
    originalLanguage: 'en',
    ...overrides,
  });
  const translation = Object.assign(new TermTranslationEntity(), {
    termId: term.id,
    language: 'en',
    name: 'Jazz',
    nameKey: 'jazz',
    description: null,
  });
  return { term, translations: [translation], count: 2, path };
}

describe('termPagePath', () => {
  it('puts every ancestor slug before a category slug', () => {
    expect(termPagePath('tribe_events_cat', ['music', 'modern'], 'jazz')).toBe(
      'events/category/music/modern/jazz/',
    );
    expect(termPagePath('tribe_events_cat', [], 'jazz')).toBe('events/category/jazz/');
  });

  it('serves tags under /tag/', () => {
    expect(termPagePath('post_tag', [], 'free')).toBe('tag/free/');
  });
});

describe('toTermResponse', () => {
  it('shows a category in TEC key order with parent and urls.up', () => {
    const sut = toTermResponse(view({ parent: 11 }, ['music']), { language: 'en', links });

    expect(Object.keys(sut)).toEqual([
      'id',
      'count',
      'description',
      'name',
      'slug',
      'taxonomy',
      'parent',
      'meta',
      'url',
      'urls',
      'i18n_language',
      'i18n_translations',
    ]);
    expect(sut).toMatchObject({
      description: '',
      url: 'https://site.test/events/category/music/jazz/',
      urls: {
        self: 'https://api.test/calendar/events/v1/categories/12',
        collection: 'https://api.test/calendar/events/v1/categories',
        up: 'https://api.test/calendar/events/v1/categories/11',
      },
    });
  });

  it('shows a tag without parent and without urls.up', () => {
    const sut = toTermResponse(view({ taxonomy: 'post_tag', slug: 'free' }), {
      language: 'es',
      links,
    });

    expect(sut).not.toHaveProperty('parent');
    expect(sut.urls).toEqual({
      self: 'https://api.test/calendar/events/v1/tags/12',
      collection: 'https://api.test/calendar/events/v1/tags',
    });
    expect(sut).toMatchObject({ url: 'https://site.test/tag/free/', i18n_language: 'en' });
  });
});

describe('termListLinks', () => {
  const base = 'https://api.test/calendar/events/v1/tags/';

  it('leaves page out of the link to page 1', () => {
    expect(termListLinks(base, [['per_page', '2']], 1, 2)).toEqual({
      rest_url: `${base}?per_page=2`,
      next_rest_url: `${base}?per_page=2&page=2`,
    });
    expect(termListLinks(base, [], 1, 0)).toEqual({ rest_url: base });
  });

  it('links back from a page past the end and nowhere forward', () => {
    expect(termListLinks(base, [['search', 'a b']], 5, 2)).toEqual({
      rest_url: `${base}?page=5&search=a+b`,
      previous_rest_url: `${base}?search=a+b&page=4`,
    });
  });
});

describe('toTermListResponse', () => {
  it('builds the body in TEC key order under the collection name', () => {
    const sut = toTermListResponse(
      'categories',
      { items: [view({})], page: 2, perPage: 1, total: 3, totalPages: 3 },
      [['per_page', '1']],
      { language: 'en', links },
    );

    expect(Object.keys(sut)).toEqual([
      'rest_url',
      'total',
      'total_pages',
      'categories',
      'next_rest_url',
      'previous_rest_url',
    ]);
    expect(sut.categories).toHaveLength(1);
  });
});
