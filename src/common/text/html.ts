import { decodeHTML } from 'entities';
import sanitizeHtml from 'sanitize-html';

/**
 * HTML helpers for the rich-text fields (descriptions, excerpts) and the plain-text fields
 * (titles, names) of events, venues and organizers.
 *
 * The behaviour mirrors WordPress, which The Events Calendar runs on:
 * `sanitizeRichText` ≈ `wp_kses_post`, `autoParagraph` ≈ a simple `wpautop`,
 * `toPlainText` ≈ `wp_strip_all_tags` followed by whitespace normalisation.
 */

/** Tags kept by {@link sanitizeRichText}; everything else is dropped (its text is kept). */
const RICH_TEXT_TAGS: readonly string[] = [
  'p',
  'br',
  'a',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'blockquote',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'img',
  'figure',
  'figcaption',
  'table',
  'caption',
  'colgroup',
  'col',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'span',
  'div',
  'code',
  'pre',
  'hr',
  'sub',
  'sup',
];

/** Attributes kept per tag; all other attributes (`on*`, `style`, `class`, `id`…) are dropped. */
const RICH_TEXT_ATTRIBUTES: Readonly<Record<string, string[]>> = {
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'width', 'height'],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
};

/** URL schemes allowed in `href`; scheme-less (relative) URLs are always allowed. */
const LINK_SCHEMES: readonly string[] = ['http', 'https', 'mailto', 'tel'];

/** URL schemes allowed in `img[src]`: an image cannot be a mail address or a phone number. */
const IMAGE_SCHEMES: readonly string[] = ['http', 'https'];

/**
 * Disallowed elements whose content is removed together with the element instead of being kept
 * as text: code (`script`), CSS (`style`), form/embedding leftovers and foreign markup.
 */
const DROPPED_WITH_CONTENT: readonly string[] = [
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'template',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
];

/**
 * Adds `noopener noreferrer` to the `rel` of links opening a new window, as WordPress does,
 * so the opened page cannot reach back through `window.opener`.
 */
function protectNewWindowLink(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  if (attribs.target?.toLowerCase() !== '_blank') {
    return { tagName, attribs };
  }
  const rel = new Set((attribs.rel ?? '').split(/\s+/).filter((token) => token !== ''));
  rel.add('noopener');
  rel.add('noreferrer');
  return { tagName, attribs: { ...attribs, rel: [...rel].join(' ') } };
}

/** An `img` left without `src` (e.g. after a `data:` URL was removed) shows nothing: drop it. */
function isImageWithoutSource(frame: sanitizeHtml.IFrame): boolean {
  return frame.tag === 'img' && !frame.attribs.src;
}

const RICH_TEXT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: RICH_TEXT_ATTRIBUTES,
  allowedSchemes: [...LINK_SCHEMES],
  allowedSchemesByTag: { img: [...IMAGE_SCHEMES] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: true,
  disallowedTagsMode: 'discard',
  nonTextTags: [...DROPPED_WITH_CONTENT],
  transformTags: { a: protectNewWindowLink },
  exclusiveFilter: isImageWithoutSource,
};

/**
 * Keeps only safe HTML, like WordPress's `wp_kses_post`: formatting and structure tags with a
 * few harmless attributes. Scripts, styles, frames, event handlers, `style` attributes and
 * `javascript:` / `data:` / `vbscript:` (any non http/https/mailto/tel) URLs are removed.
 * Text is returned HTML-escaped where needed (`&` → `&amp;`), ready to embed in a page.
 */
export function sanitizeRichText(input: string): string {
  return sanitizeHtml(input, RICH_TEXT_OPTIONS);
}

/** Block-level tags: a block starting with one of them is not wrapped in `<p>`. */
const BLOCK_TAG = /^<(?:p|div|ul|ol|table|blockquote|h[1-6]|pre|figure|hr)(?=[\s/>])/i;

/** Opening or closing tag of a block-level container, used to keep containers in one block. */
const CONTAINER_TAG_OR_BLANK_LINE =
  /<(\/?)(?:p|div|ul|ol|table|blockquote|h[1-6]|pre|figure)(?=[\s/>])[^>]*>|\n[^\S\n]*\n\s*/gi;

/**
 * Splits text into blocks at blank lines (two or more newlines, possibly with spaces between).
 * A blank line inside an open block-level container (`<pre>…</pre>`, `<div>…</div>`, …) does
 * not split, so a container is never cut in two halves.
 */
function splitBlocks(text: string): string[] {
  const blocks: string[] = [];
  let depth = 0;
  let start = 0;
  for (const match of text.matchAll(CONTAINER_TAG_OR_BLANK_LINE)) {
    const token = match[0];
    if (token.startsWith('<')) {
      if (match[1] === '/') {
        depth = Math.max(0, depth - 1);
      } else if (!token.endsWith('/>')) {
        depth += 1;
      }
    } else if (depth === 0) {
      blocks.push(text.slice(start, match.index));
      start = match.index + token.length;
    }
  }
  blocks.push(text.slice(start));
  return blocks.map((block) => block.trim()).filter((block) => block !== '');
}

/** Wraps an inline block in a paragraph, turning each line break into `<br />`. */
function wrapParagraph(block: string): string {
  return `<p>${block.replace(/[^\S\n]*\n[^\S\n]*/g, '<br />\n')}</p>`;
}

/**
 * A simple WordPress `wpautop`: blank lines separate blocks; blocks that already start with a
 * block-level tag are kept as they are, others become `<p>` paragraphs whose single line breaks
 * become `<br />`. Blocks are joined with `\n`.
 *
 * @example autoParagraph('Line one\nLine two\n\nSecond')
 *   // '<p>Line one<br />\nLine two</p>\n<p>Second</p>'
 */
export function autoParagraph(html: string): string {
  const text = html.trim().replace(/\r\n?/g, '\n');
  if (text === '') {
    return '';
  }
  return splitBlocks(text)
    .map((block) => (BLOCK_TAG.test(block) ? block : wrapParagraph(block)))
    .join('\n');
}

/** Safe HTML with paragraphs: what the API returns for descriptions and excerpts. */
export function renderRichText(input: string): string {
  return autoParagraph(sanitizeRichText(input));
}

/** Elements removed together with their content (an unclosed one runs to the end of input). */
const SCRIPT_OR_STYLE = /<(script|style)\b[^>]*>[\s\S]*?(?:<\/\1\s*>|$)/gi;

/** Comments, `<!doctype …>`, `<![CDATA[…]]>` and `<?…?>` processing instructions. */
const MARKUP_DECLARATION = /<!--[\s\S]*?(?:-->|$)|<![\s\S]*?(?:>|$)|<\?[\s\S]*?(?:>|$)/g;

/**
 * An opening or closing tag (or an unclosed one at the end of input). Quoted attribute values
 * may contain `>`; an unmatched quote is taken as an ordinary character.
 */
const TAG = /<\/?[a-z][^\s/>]*(?:[^>"']|"[^"]*"|'[^']*'|["'])*(?:>|$)/gi;

/** Removes every kind of markup once; may reveal new markup (`<<b>script>`). */
function stripMarkupOnce(text: string): string {
  return text.replace(SCRIPT_OR_STYLE, '').replace(MARKUP_DECLARATION, '').replace(TAG, '');
}

/**
 * Plain text for titles and names: removes every tag, comment and the content of
 * `script`/`style`, collapses runs of whitespace into one space and trims. Entities and bare
 * `&`, `<`, `>` that do not form a tag are left untouched (nothing is decoded or encoded).
 * Stripping repeats until nothing changes, so markup hidden inside markup cannot survive.
 *
 * @example toPlainText('<b>Jazz</b>  night') // 'Jazz night'
 */
export function toPlainText(input: string): string {
  let previous = input;
  let current = stripMarkupOnce(input);
  while (current !== previous) {
    previous = current;
    current = stripMarkupOnce(current);
  }
  return current.replace(/\s+/g, ' ').trim();
}

/**
 * The text an HTML fragment (a description) reads as: markup dropped, entities decoded (`&amp;`
 * is `&`), markup the decoding revealed dropped again, whitespace collapsed. For schema.org
 * `json_ld` and iCalendar, whose values are text, not HTML.
 *
 * @example htmlToText('<p>Rock &amp; roll&hellip;</p>') // 'Rock & roll…'
 */
export function htmlToText(html: string): string {
  return toPlainText(decodeHTML(toPlainText(html)));
}
