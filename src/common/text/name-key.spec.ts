import { nameKey } from './name-key';

describe('nameKey', () => {
  it('folds case and collapses spaces so equal names compare equal', () => {
    expect(nameKey('  A   Venue ')).toBe(nameKey('a venue'));
  });

  it('folds non-ASCII letters too', () => {
    expect(nameKey('ÀLEX')).toBe('àlex');
  });

  it('keeps different names apart', () => {
    expect(nameKey('Jazz')).not.toBe(nameKey('Jazz Club'));
  });
});
