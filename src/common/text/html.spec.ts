import { autoParagraph, htmlToText, renderRichText, sanitizeRichText, toPlainText } from './html';

describe('sanitizeRichText', () => {
  describe('keeps safe HTML', () => {
    it('keeps formatting tags', () => {
      const html = '<p><strong>a</strong> <b>b</b> <em>c</em> <i>d</i> <u>e</u> <s>f</s></p>';
      expect(sanitizeRichText(html)).toBe(html);
    });

    it('keeps structure tags', () => {
      const html =
        '<h1>1</h1><h2>2</h2><h3>3</h3><h4>4</h4><h5>5</h5><h6>6</h6>' +
        '<ul><li>a</li></ul><ol><li>b</li></ol><blockquote>q</blockquote>' +
        '<div><span>s</span></div><pre><code>x = 1;</code></pre>' +
        '<p>H<sub>2</sub>O x<sup>2</sup></p>';
      expect(sanitizeRichText(html)).toBe(html);
    });

    it('keeps line breaks and rules as self-closing tags', () => {
      expect(sanitizeRichText('a<br>b<hr>')).toBe('a<br />b<hr />');
    });

    it('keeps tables with their parts', () => {
      const html =
        '<table><caption>c</caption><thead><tr><th scope="col">h</th></tr></thead>' +
        '<tbody><tr><td colspan="2">d</td></tr></tbody><tfoot><tr><td>f</td></tr></tfoot></table>';
      expect(sanitizeRichText(html)).toBe(html);
    });

    it('keeps links with href, title, target and rel', () => {
      const html = '<a href="https://example.com/x?a=1&amp;b=2" title="t" rel="nofollow">x</a>';
      expect(sanitizeRichText(html)).toBe(html);
    });

    it('keeps images with src, alt, width and height in figures', () => {
      const html =
        '<figure><img src="https://example.com/a.png" alt="A" width="10" height="20" />' +
        '<figcaption>cap</figcaption></figure>';
      expect(sanitizeRichText(html)).toBe(html);
    });

    it.each([
      ['http://example.com'],
      ['https://example.com'],
      ['mailto:info@example.com'],
      ['tel:+34930000000'],
      ['/events/jazz'],
      ['jazz.html'],
      ['#tickets'],
      ['//example.com/x'],
    ])('keeps the allowed or relative link %s', (href) => {
      expect(sanitizeRichText(`<a href="${href}">x</a>`)).toBe(`<a href="${href}">x</a>`);
    });

    it('adds noopener noreferrer to links opening a new window', () => {
      expect(sanitizeRichText('<a href="/x" target="_blank" rel="nofollow">x</a>')).toBe(
        '<a href="/x" target="_blank" rel="nofollow noopener noreferrer">x</a>',
      );
    });

    it('escapes bare special characters in text', () => {
      expect(sanitizeRichText('Rock & Roll <3')).toBe('Rock &amp; Roll &lt;3');
    });
  });

  describe('removes unsafe HTML', () => {
    it('removes a script element together with its content', () => {
      expect(sanitizeRichText('<p>Hi</p><script>alert(1)</script>')).toBe('<p>Hi</p>');
    });

    it('removes a style element together with its content', () => {
      expect(sanitizeRichText('<style>body{display:none}</style><p>Hi</p>')).toBe('<p>Hi</p>');
    });

    it('removes iframe, object and embed elements', () => {
      const html =
        '<iframe src="https://evil.example">f</iframe><object data="x.swf">o</object>' +
        '<embed src="x.swf">ok';
      expect(sanitizeRichText(html)).toBe('ok');
    });

    it('removes the onerror handler of an image', () => {
      expect(sanitizeRichText('<img src=x onerror=alert(1)>')).toBe('<img src="x" />');
    });

    it('removes an svg with an onload handler', () => {
      expect(sanitizeRichText('<svg onload=alert(1)><circle r="1"/></svg>after')).toBe('after');
    });

    it('removes event-handler, style and class attributes', () => {
      expect(
        sanitizeRichText('<p onclick="x()" onmouseover="y()" style="color:red" class="c">Hi</p>'),
      ).toBe('<p>Hi</p>');
    });

    it.each([
      ['javascript:alert(1)'],
      ['JaVaScRiPt:alert(1)'],
      [' java\tscript:alert(1)'],
      ['&#106;avascript:alert(1)'],
      ['vbscript:msgbox(1)'],
      ['data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='],
    ])('removes the dangerous link %s but keeps the link text', (href) => {
      expect(sanitizeRichText(`<a href="${href}">x</a>`)).toBe('<a>x</a>');
    });

    it('drops an image whose data: source was removed', () => {
      expect(sanitizeRichText('<img src="data:image/png;base64,AAAA">ok')).toBe('ok');
    });

    it('removes unknown tags but keeps their text', () => {
      expect(sanitizeRichText('<font color="red">Red</font> <marquee>go</marquee>')).toBe('Red go');
    });

    it('removes comments', () => {
      expect(sanitizeRichText('a<!-- <script>alert(1)</script> -->b')).toBe('ab');
    });

    it('removes form controls', () => {
      expect(sanitizeRichText('<form><input value="x"><textarea>t</textarea></form>ok')).toBe('ok');
    });
  });
});

describe('autoParagraph', () => {
  it('wraps lines in paragraphs and turns single newlines into <br />', () => {
    expect(autoParagraph('Line one\nLine two\n\nSecond')).toBe(
      '<p>Line one<br />\nLine two</p>\n<p>Second</p>',
    );
  });

  it('keeps a block that already is a paragraph', () => {
    expect(autoParagraph('<p>Already</p>')).toBe('<p>Already</p>');
  });

  it('returns an empty string for empty or blank input', () => {
    expect(autoParagraph('')).toBe('');
    expect(autoParagraph('  \n\n \t ')).toBe('');
  });

  it('trims the input', () => {
    expect(autoParagraph('\n\n  Hello  \n\n')).toBe('<p>Hello</p>');
  });

  it('normalises CRLF and CR line endings', () => {
    expect(autoParagraph('a\r\nb\r\n\r\nc\rd')).toBe('<p>a<br />\nb</p>\n<p>c<br />\nd</p>');
  });

  it('treats three or more newlines, and whitespace-only lines, as one blank line', () => {
    expect(autoParagraph('a\n\n\n\nb\n  \nc')).toBe('<p>a</p>\n<p>b</p>\n<p>c</p>');
  });

  it.each([
    ['<div>d</div>'],
    ['<ul><li>a</li></ul>'],
    ['<ol><li>a</li></ol>'],
    ['<table><tr><td>a</td></tr></table>'],
    ['<blockquote>q</blockquote>'],
    ['<h1>t</h1>'],
    ['<h6>t</h6>'],
    ['<pre>code</pre>'],
    ['<figure><img src="a.png" /></figure>'],
    ['<hr />'],
    ['<p class="x">p</p>'],
  ])('keeps the block-level block %s as is', (block) => {
    expect(autoParagraph(`${block}\n\nText`)).toBe(`${block}\n<p>Text</p>`);
  });

  it('wraps blocks starting with inline tags', () => {
    expect(autoParagraph('<strong>Bold</strong> start')).toBe('<p><strong>Bold</strong> start</p>');
    expect(autoParagraph('<pref>x</pref>')).toBe('<p><pref>x</pref></p>');
  });

  it('does not split a block-level element at a blank line inside it', () => {
    expect(autoParagraph('<pre>x\n\ny</pre>\n\nafter')).toBe('<pre>x\n\ny</pre>\n<p>after</p>');
    expect(autoParagraph('<div>\n<div>A</div>\n\nB\n</div>\n\nC')).toBe(
      '<div>\n<div>A</div>\n\nB\n</div>\n<p>C</p>',
    );
  });
});

describe('renderRichText', () => {
  it('sanitizes and then adds paragraphs', () => {
    expect(renderRichText('Hello <script>alert(1)</script>\n\n<b onclick="x()">World</b>')).toBe(
      '<p>Hello</p>\n<p><b>World</b></p>',
    );
  });

  it('keeps sanitized block-level HTML as is', () => {
    expect(renderRichText('<p style="x">One</p>\n\n<ul><li>Two</li></ul>')).toBe(
      '<p>One</p>\n<ul><li>Two</li></ul>',
    );
  });

  it('returns an empty string when nothing safe is left', () => {
    expect(renderRichText('<script>alert(1)</script>')).toBe('');
  });
});

describe('toPlainText', () => {
  it('removes tags and collapses whitespace', () => {
    expect(toPlainText('<b>Jazz</b>  night')).toBe('Jazz night');
  });

  it('leaves a bare ampersand and entities untouched', () => {
    expect(toPlainText('Rock & Roll')).toBe('Rock & Roll');
    expect(toPlainText('Tom &amp; Jerry &lt;3')).toBe('Tom &amp; Jerry &lt;3');
  });

  it('removes script and style elements with their content', () => {
    expect(toPlainText('<script>alert(1)</script>Title<style>b{}</style>')).toBe('Title');
    expect(toPlainText('Title<script>alert(1)')).toBe('Title');
  });

  it('removes markup hidden inside markup', () => {
    expect(toPlainText('<<b>script>alert(1)<</b>/script>Safe')).toBe('Safe');
  });

  it('reads a < inside a tag name as part of the tag, like a browser, leaving no markup', () => {
    expect(toPlainText('<scr<b>ipt>alert(1)</script>Safe')).toBe('ipt>alert(1)Safe');
  });

  it('removes tags whose quoted attributes contain >', () => {
    expect(toPlainText('a <a title="x>y">b</a>')).toBe('a b');
  });

  it('removes an unclosed tag at the end', () => {
    expect(toPlainText('Jazz <img src=x onerror=alert(1)')).toBe('Jazz');
  });

  it('removes comments and declarations', () => {
    expect(toPlainText('<!DOCTYPE html>A<!-- c -->B<?xml x?>')).toBe('AB');
  });

  it('keeps < and > that do not form a tag', () => {
    expect(toPlainText('1 < 2 > 0')).toBe('1 < 2 > 0');
  });

  it('collapses newlines and tabs and trims', () => {
    expect(toPlainText('\n\t Jazz\n\n\tnight \u00a0')).toBe('Jazz night');
  });
});

describe('htmlToText', () => {
  it('reads a description as text: entities decoded, markup dropped, also markup they hid', () => {
    expect(htmlToText('<p>Rock &amp; roll&hellip; &#8220;live&#8221;</p>\n<p>Two</p>')).toBe(
      'Rock & roll… “live” Two',
    );
    expect(htmlToText('<p>Entities: &amp; &lt;tag&gt; &quot;quoted&quot;</p>')).toBe(
      'Entities: & "quoted"',
    );
    expect(htmlToText('5 &lt; 6 &gt; 4')).toBe('5 < 6 > 4');
    expect(htmlToText('&lt;script&gt;alert(1)&lt;/script&gt;ok')).toBe('ok');
  });
});
