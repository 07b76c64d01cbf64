import { booleanModeQuery, fts5Query, searchTokens } from './full-text';

describe('full-text search terms', () => {
  it('splits words on anything but letters and digits, keeping accents and other scripts', () => {
    expect(searchTokens(['rock-n-roll', 'Café', 'Δελφοί', '“jazz”', 'jazz', '+a*'])).toEqual([
      'rock',
      'n',
      'roll',
      'Café',
      'Δελφοί',
      'jazz',
      'a',
    ]);
  });

  it('asks for every token as a word prefix, with no operator of the caller getting through', () => {
    expect(booleanModeQuery(searchTokens(['jazz', '-trio', '(big)']))).toBe('+jazz* +trio* +big*');
    expect(fts5Query(searchTokens(['jazz', 'NEAR(trio', '"x" OR y']))).toBe(
      '"jazz"* "NEAR"* "trio"* "x"* "OR"* "y"*',
    );
  });
});
