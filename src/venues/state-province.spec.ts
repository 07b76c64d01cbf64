import { deriveStateProvince } from './state-province';

describe('deriveStateProvince', () => {
  it.each([
    ['DC', '', 'United States', 'DC'],
    ['TX', 'Ignored', 'US', 'TX'],
    ['NY', '', ' ', 'NY'],
    ['', 'ON', 'Canada', 'ON'],
    ['Bavaria', 'BY', 'Germany', 'BY'],
    ['Bavaria', '', 'Germany', ''],
    ['', '', '', ''],
  ])('state %j, province %j, country %j give %j', (state, province, country, expected) => {
    expect(deriveStateProvince(state, province, country)).toBe(expected);
  });
});
