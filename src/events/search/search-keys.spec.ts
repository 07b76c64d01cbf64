import { searchPrefixes, searchPrefixOf } from './search-keys';

describe('searchPrefixes', () => {
  it('notes the first three letters of every word, folded, markup included', () => {
    expect([...searchPrefixes(['Jazz-Night at <strong>Café</strong>', null, 'ab'])]).toEqual([
      'jaz',
      'nig',
      'str',
      'caf',
    ]);
  });

  it('notes letters the collations expand both ways, and ignores soft hyphens', () => {
    const noted = searchPrefixes(['Æble Straße ja\u00adzz']);
    expect([...noted]).toEqual(expect.arrayContaining(['æbl', 'aeb', 'str', 'jaz']));
  });

  it('reads words of other scripts', () => {
    expect([...searchPrefixes(['Συναυλία κλασικής'])]).toEqual(['συν', 'κλα']);
  });
});

describe('searchPrefixOf', () => {
  it.each([
    [['jazz'], 'jaz'],
    [['DJ', 'Night'], 'nig'],
    [['trío', 'jazzístico'], 'jaz'],
    [['aeble'], 'aeb'],
    [['æble'], 'aeb'],
    [['dj'], undefined],
    [['a', 'b-c'], undefined],
  ])('depends a search of %j on %s', (words, prefix) => {
    expect(searchPrefixOf(words)).toBe(prefix);
  });

  it('finds its key among the prefixes of any text it matches', () => {
    const text = ['Un trío jazzístico en la Straße'];
    for (const words of [['jazz'], ['TRIO', 'jazzís'], ['strasse'], ['straße']]) {
      expect(searchPrefixes(text).has(searchPrefixOf(words) ?? '')).toBe(true);
    }
  });
});
