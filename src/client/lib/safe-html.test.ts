import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './safe-html';

describe('sanitizeHtml', () => {
  it('keeps the small formatting allow-list', () => {
    expect(sanitizeHtml('Delete <b>Summer menu</b>?<br><em>This cannot be undone.</em>')).toBe(
      'Delete <b>Summer menu</b>?<br><em>This cannot be undone.</em>',
    );
  });

  it('drops scripts, event handlers and dangerous links', () => {
    const html = sanitizeHtml(
      '<img src=x onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)" onclick="x()">link</a><p style="color:red" onmouseover="y()">ok</p>',
    );
    expect(html).not.toMatch(/script|onerror|onclick|onmouseover|javascript|style|<img/i);
    expect(html).toBe('<a>link</a><p>ok</p>');
  });

  it('unwraps unknown tags but keeps their text, and opens web links safely', () => {
    expect(sanitizeHtml('<div><h1>Title</h1> <a href="https://example.com">site</a></div>')).toBe(
      'Title <a href="https://example.com" target="_blank" rel="noopener noreferrer">site</a>',
    );
  });
});
