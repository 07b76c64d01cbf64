import { parseAcceptLanguage, resolveLanguage } from './resolve-language';

describe('parseAcceptLanguage', () => {
  it.each([
    ['es-ES;q=0.9', 'es'],
    ['fr, ca;q=0.5, es;q=0.8', 'es'],
    ['en-GB', 'en'],
    ['CA', 'ca'],
    ['de, fr', undefined],
    ['*', undefined],
    ['es;q=0', undefined],
    ['', undefined],
  ])('reads %j as %j', (header, expected) => {
    expect(parseAcceptLanguage(header)).toBe(expected);
  });

  it('keeps header order between equal q-values', () => {
    expect(parseAcceptLanguage('ca, es')).toBe('ca');
  });
});

describe('resolveLanguage', () => {
  const none = { parameter: undefined, pathSegment: undefined, acceptLanguage: undefined };

  it('prefers the parameter, then the path segment, then the header, then the default', () => {
    expect(
      resolveLanguage({ parameter: 'ca', pathSegment: 'es', acceptLanguage: 'en' }, 'en'),
    ).toBe('ca');
    expect(resolveLanguage({ ...none, pathSegment: 'es', acceptLanguage: 'ca' }, 'en')).toBe('es');
    expect(resolveLanguage({ ...none, acceptLanguage: 'ca' }, 'en')).toBe('ca');
    expect(resolveLanguage(none, 'es')).toBe('es');
  });

  it('skips an unusable parameter and resolves from the other sources', () => {
    const sut = resolveLanguage(
      { parameter: 'fr', pathSegment: 'ca', acceptLanguage: undefined },
      'en',
    );

    expect(sut).toBe('ca');
  });
});
