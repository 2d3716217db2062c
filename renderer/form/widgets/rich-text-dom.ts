/*
 * Puts server HTML into the rich text editor without innerHTML: the string is parsed into an
 * inert document (scripts never run there) and only the formatting the toolbar can produce is
 * copied into fresh nodes - no attributes except a safe link address. The server sanitises again.
 */

const KEPT = new Set(['B', 'STRONG', 'I', 'EM', 'U', 'OL', 'UL', 'LI', 'P', 'BR', 'DIV', 'SPAN', 'A']);
const DROPPED_WITH_CONTENT = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT', 'IFRAME', 'OBJECT', 'EMBED', 'SVG', 'MATH', 'TEXTAREA', 'SELECT', 'TITLE', 'HEAD']);

/** Link addresses the editor keeps and creates. */
export const SAFE_HREF = /^(https?:\/\/|mailto:)\S+$/i;

function copyNode(node: Node, doc: Document): Node[] {
  if (node.nodeType === Node.TEXT_NODE) return [doc.createTextNode(node.textContent ?? '')];
  if (node.nodeType !== Node.ELEMENT_NODE) return [];
  const source = node as Element;
  const tag = source.tagName.toUpperCase();
  if (DROPPED_WITH_CONTENT.has(tag)) return [];
  const children = Array.from(source.childNodes).flatMap((child) => copyNode(child, doc));
  if (!KEPT.has(tag)) return children;
  const copy = doc.createElement(tag.toLowerCase());
  const href = tag === 'A' ? (source.getAttribute('href') ?? '').trim() : '';
  if (href && SAFE_HREF.test(href)) {
    copy.setAttribute('href', href);
    copy.setAttribute('rel', 'noopener noreferrer');
    copy.setAttribute('target', '_blank');
  }
  copy.append(...children);
  return [copy];
}

/** The allowed content of an HTML string, as nodes of `doc`. */
export function safeNodes(html: string, doc: Document): Node[] {
  if (!html) return [];
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  return Array.from(parsed.body.childNodes).flatMap((node) => copyNode(node, doc));
}

/** Whether the editor holds no text (lists count as content). */
export function editorIsBlank(el: HTMLElement): boolean {
  return (el.textContent ?? '').replace(/\u00a0/g, ' ').trim() === '' && el.querySelector('li, a') === null;
}
