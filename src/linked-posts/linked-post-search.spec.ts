import { searchWords } from './linked-post-search';

describe('searchWords', () => {
  it('splits on every character that is not a letter, a digit or "-"', () => {
    expect(searchWords('temple, AVENUE!')).toEqual(['temple', 'AVENUE']);
    expect(searchWords('@common.com')).toEqual(['common', 'com']);
    expect(searchWords('555-0210 l·l')).toEqual(['555-0210', 'l', 'l']);
  });

  it('keeps accented and non-Latin letters inside words', () => {
    expect(searchWords('Música  Дом')).toEqual(['Música', 'Дом']);
  });

  it('has no words for separators only or no search', () => {
    expect(searchWords('%_!')).toEqual([]);
    expect(searchWords(undefined)).toEqual([]);
  });
});
