import { InputTooDeepError, MAX_INPUT_DEPTH, safeInput } from './safe-input';

describe('safeInput', () => {
  it('drops keys that reach prototypes, at any depth', () => {
    const parsed: unknown = JSON.parse(
      '{"title":"x","constructor":{"a":1},"__proto__":{"admin":true},"venue":{"prototype":1,"venue":"V"},"tags":[{"constructor":2,"name":"t"}]}',
    );
    const copy = safeInput(parsed) as Record<string, unknown>;
    expect(copy).toEqual({ title: 'x', venue: { venue: 'V' }, tags: [{ name: 't' }] });
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>)['admin']).toBeUndefined();
  });

  it('keeps scalars, arrays and nesting up to the limit', () => {
    let value: unknown = 1;
    for (let level = 0; level < MAX_INPUT_DEPTH; level += 1) value = [value];
    expect(safeInput(value)).toEqual(value);
    expect(safeInput('text')).toBe('text');
    expect(safeInput(null)).toBeNull();
  });

  it('refuses nesting past the limit without running out of stack', () => {
    const deep: unknown = JSON.parse(`${'['.repeat(100_000)}1${']'.repeat(100_000)}`);
    expect(() => safeInput({ title: deep })).toThrow(InputTooDeepError);
  });
});
