import { trustProxySetting } from './limits';

describe('trustProxySetting', () => {
  it.each([
    ['false', false],
    ['true', true],
    ['2', 2],
  ])('reads %s as Express understands it', (setting, expected) => {
    expect(trustProxySetting(setting)).toEqual(expected);
  });

  it('makes a list a check of each address, asked again with the same answer', () => {
    const trust = trustProxySetting('10.0.0.0/8, 192.168.1.4 ,loopback');
    if (typeof trust !== 'function') throw new Error('a list is a function');
    const addresses = ['10.1.2.3', '192.168.1.4', '127.0.0.1', '::1', '192.168.1.5', '8.8.8.8'];
    const expected = [true, true, true, true, false, false];
    expect(addresses.map((address) => trust(address, 0))).toEqual(expected);
    expect(addresses.map((address) => trust(address, 1))).toEqual(expected);
    expect(trust(undefined, 0)).toBe(false);
  });
});
