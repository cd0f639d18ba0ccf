import { describe, expect, it } from 'vitest';
import { sanitizeNewsHtml } from './news-sanitizer.ts';

describe('sanitizeNewsHtml', () => {
  it('keeps the allowed structure', () => {
    const html =
      '<h2>Title</h2><p>A <strong>bold</strong> and <em>quiet</em> word.<br></p><ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quoted</blockquote>';
    expect(sanitizeNewsHtml(html)).toBe(
      '<h2>Title</h2><p>A <strong>bold</strong> and <em>quiet</em> word.<br /></p><ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quoted</blockquote>',
    );
  });

  it('removes script tags with their body', () => {
    expect(sanitizeNewsHtml('<p>a</p><script>alert(1)</script><p>b</p>')).toBe('<p>a</p><p>b</p>');
    expect(sanitizeNewsHtml('<SCRIPT src="https://x.example/e.js"></SCRIPT>ok')).toBe('ok');
  });

  it('removes event handlers and styles', () => {
    expect(sanitizeNewsHtml('<p onclick="steal()" style="color:red">hi</p>')).toBe('<p>hi</p>');
    expect(sanitizeNewsHtml('<img src="https://a.example/x.png" onerror="steal()">')).toBe(
      '<img src="https://a.example/x.png" />',
    );
    expect(sanitizeNewsHtml('<svg onload="x()"><circle/></svg>text')).toBe('text');
  });

  it('strips javascript: and other schemes from links, keeping their text', () => {
    expect(sanitizeNewsHtml('<a href="javascript:alert(1)">click</a>')).toBe('<a>click</a>');
    expect(sanitizeNewsHtml('<a href=" JaVaScRiPt:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeNewsHtml('<a href="data:text/html,<script>x</script>">x</a>')).toBe('<a>x</a>');
    expect(sanitizeNewsHtml('<a href="/relative">x</a>')).toBe('<a>x</a>');
  });

  it('keeps http(s) and mailto links, opening apart from the app', () => {
    expect(sanitizeNewsHtml('<a href="https://example.com/a" rel="opener">x</a>')).toBe(
      '<a href="https://example.com/a" rel="noopener noreferrer" target="_blank">x</a>',
    );
    expect(sanitizeNewsHtml('<a href="mailto:help@example.com">mail</a>')).toContain(
      'href="mailto:help@example.com"',
    );
  });

  it('drops data: and foreign-path images, keeps ours and http(s)', () => {
    expect(sanitizeNewsHtml('<img src="data:image/png;base64,AAAA">x')).toBe('x');
    expect(sanitizeNewsHtml('<img src="/api/common/upload/abc.png">x')).toBe('x');
    expect(sanitizeNewsHtml('<img src="javascript:alert(1)">x')).toBe('x');
    expect(sanitizeNewsHtml('<img src="/api/news/image/news-abc.png" alt="c">')).toBe(
      '<img src="/api/news/image/news-abc.png" alt="c" />',
    );
    expect(sanitizeNewsHtml('<img src="/api/news/image/../upload/x.png">')).toBe('');
  });

  it('removes frames, forms and styles entirely', () => {
    expect(
      sanitizeNewsHtml(
        '<iframe src="https://evil.example"></iframe><style>p{}</style><form><input></form>t',
      ),
    ).toBe('t');
  });
});
