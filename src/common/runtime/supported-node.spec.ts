import { isSupportedNode, unsupportedNodeLine } from './supported-node';

describe('the supported Node.js', () => {
  it('is 24.9 or later', () => {
    expect(['24.9.0', '24.11.1', '25.0.0', '30.1.2'].map(isSupportedNode)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['20.20.2', '22.12.0', '24.8.9', '9.99.0'].map(isSupportedNode)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('is named with the version found and the binary in one line', () => {
    const line = unsupportedNodeLine('20.20.2', '/usr/bin/node');
    expect(line).toContain('needs Node.js 24.9 or later and runs on 20.20.2 (/usr/bin/node)');
    expect(line).not.toContain('\n');
  });
});
