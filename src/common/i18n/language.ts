/** Languages the service stores and serves text in (docs/behaviour.md#languages). */
export const LANGUAGES = ['ca', 'en', 'es'] as const;

export type Language = (typeof LANGUAGES)[number];

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
