import { isLanguage, Language } from './language';

/** The places a request can name its language, in the order they are consulted (docs/behaviour.md#languages). */
export interface LanguageSources {
  /** `i18n_language` from the query string, then from the body of a write. */
  readonly parameter: unknown;
  /** The language segment before the namespace, if the path had one. */
  readonly pathSegment: Language | undefined;
  /** The raw `Accept-Language` header. */
  readonly acceptLanguage: string | undefined;
}

/**
 * The best language an `Accept-Language` header asks for among ours, honouring q-values and
 * region subtags (`es-ES;q=0.9` is `es`); `*` or nothing usable gives undefined (the default).
 */
export function parseAcceptLanguage(header: string | undefined): Language | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...attributes] = part.trim().split(';');
      const qAttribute = attributes.map((a) => a.trim()).find((a) => a.startsWith('q='));
      const q = qAttribute === undefined ? 1 : Number(qAttribute.slice(2));
      return { tag: tag.trim().toLowerCase(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.q > 0 && entry.tag !== '')
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    if (tag === '*') return undefined;
    const primary = tag.split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return undefined;
}

/**
 * Resolves a request's language: the `i18n_language` parameter, the path segment,
 * `Accept-Language`, then the configured default. An unusable parameter is skipped here (the
 * route's validation answers 400 for it), so the error is written in the next source's language.
 */
export function resolveLanguage(sources: LanguageSources, fallback: Language): Language {
  if (isLanguage(sources.parameter)) return sources.parameter;
  return sources.pathSegment ?? parseAcceptLanguage(sources.acceptLanguage) ?? fallback;
}
