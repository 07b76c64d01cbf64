import {
  importedVersion,
  IMPORT_NOTES,
  readEvent,
  readOrganizer,
  readTerm,
  readVenue,
  readWordPressOrganizer,
  readWordPressPost,
  readWordPressVenue,
  SourceItemError,
  WORDPRESS_NOTES,
} from './tec-items';

const EVENT = {
  id: 243,
  global_id: 'events.example.org?id=243',
  global_id_lineage: ['events.example.org?id=243'],
  status: 'publish',
  date_utc: '2026-11-23 19:32:14',
  modified_utc: '2026-11-23 19:32:14',
  url: 'https://events.example.org/event/rock-roll/',
  title: 'Rock &amp; Roll&#8217;s night',
  description: '<p>Loud.</p>',
  excerpt: '',
  slug: 'rock-roll',
  image: false,
  all_day: false,
  start_date: '2026-12-01 19:15:00',
  end_date: '2026-12-01 23:15:00',
  timezone: 'Europe/Madrid',
  cost: '10 &euro;',
  website: 'https://events.example.org/event/rock-roll/',
  show_map: true,
  show_map_link: false,
  hide_from_listings: false,
  sticky: false,
  featured: true,
  categories: [{ id: 27 }, { id: 28 }],
  tags: [],
  venue: { id: 119 },
  organizer: [{ id: 130 }],
};

describe('reading TEC items', () => {
  it("keeps the cost as the site showed it, and TEC's details, when they have TEC's shape", () => {
    const details = {
      currency_symbol: '&euro;',
      currency_code: '',
      currency_position: 'postfix',
      values: ['10', 'free'],
    };

    expect(readEvent({ ...EVENT, cost_details: details }).costShown).toEqual({
      cost: '10 €',
      details: { ...details, currency_symbol: '€' },
    });
    expect(readEvent({ ...EVENT, cost: '', cost_details: details }).costShown).toBeNull();
    for (const odd of [
      { ...details, currency_position: 'middle' },
      { ...details, values: ['10 €'] },
      { ...details, values: 'free' },
      null,
    ]) {
      expect(readEvent({ ...EVENT, cost_details: odd }).costShown).toBeNull();
    }
  });

  it('decodes entities in a title and cost, and drops a website that is the event page', () => {
    const sut = readEvent(EVENT);

    expect(sut.body).toMatchObject({
      title: 'Rock & Roll’s night',
      cost: '10 €',
      website: '',
      timezone: 'Europe/Madrid',
      start_date: '2026-12-01 19:15:00',
      featured: true,
      show_map_link: false,
      image: null,
    });
    expect(sut).toMatchObject({
      sourceId: 243,
      version: '2026-11-23 19:32:14',
      venueSourceId: 119,
      organizerSourceIds: [130],
      categorySourceIds: [27, 28],
      tagSourceIds: [],
      origin: { id: 243, globalId: 'events.example.org?id=243' },
    });
  });

  it('sends a time its zone skips as the instant TEC gives for it, with a note, and others as TEC shows them', () => {
    const skipped = readEvent({
      ...EVENT,
      start_date: '2027-03-28 02:30:00',
      utc_start_date: '2027-03-28 01:30:00',
      end_date: '2027-03-28 04:00:00',
      utc_end_date: '2027-03-28 02:00:00',
    });
    expect(skipped.body).toMatchObject({
      start_date: '2027-03-28T01:30:00Z',
      end_date: '2027-03-28 04:00:00',
    });
    expect(skipped.notes).toEqual([IMPORT_NOTES.skippedTime]);
    // TEC's own UTC may disagree with its local time (an offset zone): the local time is kept,
    // and the report says so.
    const offset = readEvent({
      ...EVENT,
      timezone: 'UTC+2',
      start_date: '2027-05-22 18:00:00',
      utc_start_date: '2027-05-22 15:00:00',
    });
    expect(offset.body).toMatchObject({ start_date: '2027-05-22 18:00:00' });
    expect(offset.notes).toEqual([IMPORT_NOTES.utcDisagrees]);
    // Where they agree, nothing is said.
    const agreeing = readEvent({
      ...EVENT,
      timezone: 'UTC+2',
      start_date: '2027-05-22 18:00:00',
      utc_start_date: '2027-05-22 16:00:00',
      end_date: '2027-05-22 20:00:00',
      utc_end_date: '2027-05-22 18:00:00',
    });
    expect(agreeing.notes).toEqual([]);
  });

  it('keeps a website of its own, an image url and an event with no venue ([] in TEC)', () => {
    const sut = readEvent({
      ...EVENT,
      website: 'https://band.example',
      image: { url: 'https://events.example.org/a.jpg', id: 5 },
      venue: [],
    });

    expect(sut.body).toMatchObject({
      website: 'https://band.example',
      image: 'https://events.example.org/a.jpg',
    });
    expect(sut.venueSourceId).toBeNull();
  });

  it.each([
    ['no id', { ...EVENT, id: undefined }, /"id"/],
    ['no title', { ...EVENT, title: '' }, /"title" is missing/],
    ['no start', { ...EVENT, start_date: undefined }, /"start_date" is missing/],
    ['an organizer without an id', { ...EVENT, organizer: [{ name: 'x' }] }, /"id"/],
    ['not an object', 'event', /not an object/],
  ])('refuses an event with %s, saying why', (_case, value, reason) => {
    expect(() => readEvent(value)).toThrow(SourceItemError);
    expect(() => readEvent(value)).toThrow(reason);
  });

  it('reads a venue and an organizer with their names decoded and email plain', () => {
    expect(
      readVenue({ id: 80, venue: 'Caf&eacute; Hall', slug: 'cafe-hall', city: 'Girona' }).body,
    ).toMatchObject({ venue: 'Café Hall', city: 'Girona', show_map: true });
    expect(
      readOrganizer({ id: 130, organizer: 'A &amp; B', email: '&#97;@b.example' }).body,
    ).toMatchObject({ organizer: 'A & B', email: 'a@b.example' });
  });

  it('gives a term a version that changes with its fields and its parent', () => {
    const term = { id: 27, name: 'Jazz', slug: 'jazz', description: '', parent: 22 };
    const sut = readTerm(term);

    expect(sut).toMatchObject({ sourceId: 27, parentSourceId: 22, body: { name: 'Jazz' } });
    expect(readTerm(term).version).toBe(sut.version);
    expect(readTerm({ ...term, name: 'Free jazz' }).version).not.toBe(sut.version);
    expect(readTerm({ ...term, parent: 0 }).version).not.toBe(sut.version);
  });
});

describe("posts read from WordPress's own routes", () => {
  const venue = {
    id: 15,
    date_gmt: '2026-11-27T15:23:35',
    modified_gmt: '2026-11-27T15:23:36',
    slug: 'westend-loft',
    status: 'publish',
    title: { raw: 'Smith &amp; Sons', rendered: 'Smith &#038; Sons' },
    content: { rendered: '<p>Loft.</p>\n', protected: false },
    featured_media: 7,
    meta: {
      _VenueAddress: '866 Station Boulevard',
      _VenueCity: 'Hamburg',
      _VenueCountry: 'Germany',
      _VenueState: '',
      _VenueProvince: '',
      _VenueStateProvince: 'HH',
      _VenueZip: '77235',
      _VenuePhone: '+1-555-2091',
      _VenueURL: '',
      _VenueLat: '53.55',
      _VenueLng: '9.99',
      _VenueShowMap: true,
      _VenueShowMapLink: false,
    },
  };

  it('reads a venue as TEC would list it, its global id on the given host', () => {
    const read = readWordPressVenue(readWordPressPost(venue), 'events.example.org');
    expect(read).toMatchObject({
      sourceId: 15,
      version: '2026-11-27 15:23:36',
      origin: { globalId: 'events.example.org?id=15' },
      sourceSlug: 'westend-loft',
      body: {
        status: 'publish',
        date_utc: '2026-11-27 15:23:35',
        venue: 'Smith & Sons',
        description: '<p>Loft.</p>\n',
        city: 'Hamburg',
        province: 'HH',
        show_map_link: false,
        geo_lat: 53.55,
        geo_lng: 9.99,
        image: null,
      },
    });
    expect(read.notes).toEqual([WORDPRESS_NOTES.readThere, WORDPRESS_NOTES.image]);
  });

  it('reads an organizer from its meta', () => {
    const read = readWordPressOrganizer(
      readWordPressPost({
        id: 90,
        modified_gmt: '2026-11-27T15:23:36',
        status: 'draft',
        date_gmt: null,
        slug: '',
        title: { rendered: 'Liam' },
        meta: { _OrganizerEmail: 'liam@example.org', _OrganizerPhone: '1', _OrganizerWebsite: '' },
      }),
      'events.example.org',
    );
    expect(read.body).toMatchObject({
      status: 'draft',
      organizer: 'Liam',
      email: 'liam@example.org',
    });
    expect(read.body).not.toHaveProperty('date_utc');
    expect(read.notes).toContain(IMPORT_NOTES.noSlug);
  });

  it('tells a password given, none, and one protected but not given apart', () => {
    const post = (extra: object) => readWordPressPost({ ...venue, ...extra }).password;
    expect(post({ password: 's3cret' })).toBe('s3cret');
    expect(post({ password: '' })).toBe('');
    expect(post({})).toBe('');
    expect(post({ content: { rendered: '', protected: true } })).toBeNull();
    expect(importedVersion('v', '')).toBe('v');
    expect(importedVersion('v', undefined)).toBe('v');
    expect(importedVersion('v', 's3cret')).toBe('v password:given');
    expect(importedVersion('v', null)).toBe('v password:unknown');
  });
});

describe('images as the site showed them', () => {
  const thumbnail = {
    width: 150,
    height: 150,
    'mime-type': 'image/png',
    filesize: 489,
    url: 'https://events.example.org/p-150x150.png',
  };
  const image = {
    url: 'https://events.example.org/p.png',
    id: 1084,
    extension: 'png',
    width: 1200,
    height: 630,
    filesize: 3933,
    sizes: { thumbnail },
  };
  const venue = (shown: unknown) =>
    readVenue({ id: 5, venue: 'Hall', modified_utc: '2026-11-27 15:23:33', image: shown });

  it('keeps the attachment id, sizes and file size, in the order TEC gives them', () => {
    const read = venue(image);
    expect(read.imageShown).toEqual(image);
    expect(Object.keys(read.imageShown ?? {})).toEqual(Object.keys(image));
    expect(read.body['image']).toBe(image.url);
  });

  it('keeps only the URL of an image without an attachment id or with sizes not in TEC shape', () => {
    expect(venue({ url: image.url }).imageShown).toBeNull();
    expect(venue({ ...image, sizes: { thumbnail: { url: 'x' } } }).imageShown).toBeNull();
    expect(venue(false).imageShown).toBeNull();
    expect(venue({ ...image, sizes: { thumbnail: { url: 'x' } } }).body['image']).toBe(image.url);
  });
});
