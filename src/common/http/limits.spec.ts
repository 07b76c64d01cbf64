import { trustProxySetting } from './limits';

describe('trustProxySetting', () => {
  it.each([
    ['false', false],
    ['true', true],
    ['2', 2],
    ['loopback', ['loopback']],
    ['10.0.0.0/8, 192.168.1.4 ,loopback', ['10.0.0.0/8', '192.168.1.4', 'loopback']],
  ])('reads %s as Express understands it', (setting, expected) => {
    expect(trustProxySetting(setting)).toEqual(expected);
  });
});
