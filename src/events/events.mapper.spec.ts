import { trimWords } from './events.mapper';

describe('trimWords (the json_ld excerpt)', () => {
  it('keeps a text of at most the count as it is', () => {
    expect(trimWords('one two  three', 3)).toBe('one two  three');
  });

  it('cuts a longer text to its first words and marks the cut', () => {
    expect(trimWords('one two three four', 3)).toBe('one two three […]');
  });
});
