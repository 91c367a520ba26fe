/**
 * A small allow-list sanitizer for the bits of HTML a confirmation message may carry
 * (bold, italics, line breaks, lists, links). Everything else is dropped or reduced to text.
 * Parsing happens in an inert document, so nothing runs or loads while we walk it.
 */
const ALLOWED_TAGS = new Set(['b', 'strong', 'i', 'em', 'u', 'br', 'p', 'ul', 'ol', 'li', 'span', 'small', 'code', 'a']);
const DROPPED_WITH_CONTENT = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'svg', 'math']);
const SAFE_URL = /^(https?:|mailto:|\/(?!\/)|#)/i;

export function sanitizeHtml(html: string): string {
  if (typeof DOMParser === 'undefined') return escapeHtml(html);
  const source = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const out = document.createElement('div');
  copyChildren(source.body, out);
  return out.innerHTML;
}

function copyChildren(from: Node, to: HTMLElement): void {
  for (const node of Array.from(from.childNodes)) {
    if (node.nodeType === Node.TEXT_NODE) {
      to.append(document.createTextNode(node.textContent ?? ''));
      continue;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) continue;
    const element = node as Element;
    const tag = element.tagName.toLowerCase();
    if (DROPPED_WITH_CONTENT.has(tag)) continue;
    if (!ALLOWED_TAGS.has(tag)) {
      copyChildren(element, to); // unwrap: keep the text, lose the tag
      continue;
    }
    const clean = document.createElement(tag);
    if (tag === 'a') {
      const href = element.getAttribute('href')?.trim() ?? '';
      if (SAFE_URL.test(href)) {
        clean.setAttribute('href', href);
        if (/^https?:/i.test(href)) {
          clean.setAttribute('target', '_blank');
          clean.setAttribute('rel', 'noopener noreferrer');
        }
      }
    }
    copyChildren(element, clean);
    to.append(clean);
  }
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
