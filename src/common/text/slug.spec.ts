import { SLUG_MAX_LENGTH, nextSlugCandidate, slugify, transliterate } from './slug';

describe('slugify', () => {
  it.each([
    ['Café à la Plaça', 'cafe-a-la-placa'],
    ['Ñandú', 'nandu'],
    ['Straße', 'strasse'],
    ['Œuvre', 'oeuvre'],
    ['Æsir Ørsted Łódź', 'aesir-orsted-lodz'],
    ['Çà et là: naïveté', 'ca-et-la-naivete'],
  ])('transliterates accented Latin letters: %s → %s', (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });

  it('joins the Catalan geminated l·l into ll', () => {
    expect(slugify('Col·legi de Paral·lel')).toBe('collegi-de-parallel');
    expect(slugify('COL·LEGI')).toBe('collegi');
    expect(slugify('Coŀlegi')).toBe('collegi');
  });

  it('lowercases the text', () => {
    expect(slugify('Jazz NIGHT')).toBe('jazz-night');
  });

  it('replaces every run of other characters with a single dash', () => {
    expect(slugify('Rock  &  Roll!!! (live) / 2025_edition')).toBe('rock-roll-live-2025-edition');
  });

  it('trims leading and trailing dashes', () => {
    expect(slugify('  --Hello World--  ')).toBe('hello-world');
  });

  it('strips HTML tags and drops script content', () => {
    expect(slugify('<b>Jazz</b> <em>night</em><script>alert(1)</script>')).toBe('jazz-night');
  });

  it('decodes letter entities and treats other entities as separators', () => {
    expect(slugify('Caf&eacute; &amp; Th&#233;')).toBe('cafe-the');
  });

  it('drops apostrophes inside words like WordPress does', () => {
    expect(slugify("Joe's Bar")).toBe('joes-bar');
    expect(slugify('Joe’s Bar')).toBe('joes-bar');
  });

  it('transliterates other scripts and drops emoji', () => {
    expect(slugify('Концерт 🎉 Jazz')).toBe('kontsert-jazz');
    expect(slugify('Москва')).toBe('moskva');
    expect(slugify('Φεστιβάλ Αθηνών')).toBe('festival-athinon');
    expect(slugify('東京 Tokyo 2025')).toBe('dong-jing-tokyo-2025');
    expect(slugify('서울 재즈')).toBe('seo-ul-jae-jeu');
    expect(slugify('とうきょう')).toBe('toukiyou');
    expect(slugify('مهرجان')).toMatch(/^[a-z0-9-]+$/);
  });

  it('returns an empty string when nothing can be kept', () => {
    expect(slugify('🎉🎶')).toBe('');
    expect(slugify('¡¿!?')).toBe('');
    expect(slugify('')).toBe('');
  });

  it('cuts the slug to at most 190 characters', () => {
    const slug = slugify('word '.repeat(100));
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(slug.startsWith('word-word-')).toBe(true);
  });

  it('does not leave a trailing dash after cutting', () => {
    const slug = slugify(`${'a'.repeat(189)} bcd`);
    expect(slug).toBe('a'.repeat(189));
  });

  it('keeps a slug of exactly 190 characters unchanged', () => {
    expect(slugify('a'.repeat(190))).toBe('a'.repeat(190));
  });
});

describe('transliterate', () => {
  it('keeps the case and non-letter characters', () => {
    expect(transliterate('Crème Brûlée & Ñ')).toBe('Creme Brulee & N');
  });
});

describe('nextSlugCandidate', () => {
  it('returns the base when it is free', () => {
    expect(nextSlugCandidate('jazz-night', new Set(['other']))).toBe('jazz-night');
  });

  it('appends -2 when the base is taken', () => {
    expect(nextSlugCandidate('jazz-night', new Set(['jazz-night']))).toBe('jazz-night-2');
  });

  it('returns the first free numbered candidate', () => {
    const taken = new Set(['jazz', 'jazz-2', 'jazz-3', 'jazz-5']);
    expect(nextSlugCandidate('jazz', taken)).toBe('jazz-4');
  });

  it('does not count from other slugs that only share a prefix', () => {
    expect(nextSlugCandidate('jazz', new Set(['jazz', 'jazz-night']))).toBe('jazz-2');
  });
});
