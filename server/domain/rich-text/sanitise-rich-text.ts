import sanitizeHtml from 'sanitize-html';
import { LINK_ADDRESS, LINK_ATTRIBUTES, LINK_SCHEMES, RICH_TEXT_TAGS, richTextAllowsLinks } from '../../../engine/forms/rich-text-allow-list.js';
import type { FormElement } from '../../../engine/metadata/form-schema.js';

export interface RichTextOptions {
  /** links are kept (http, https and mailto only); without, a link becomes its text */
  links: boolean;
}

/** A link with an allowed address gets the fixed rel and target; any other anchor loses its attributes. */
const linkTransform: sanitizeHtml.Transformer = (_tagName, attribs) => {
  const href = (attribs.href ?? '').trim();
  return { tagName: 'a', attribs: LINK_ADDRESS.test(href) ? { href, ...LINK_ATTRIBUTES } : {} };
};

/** Whether an element's own style hides it (an e-mail's preview text, which mail readers do not show). */
const HIDDEN = /display\s*:\s*none/i;

/**
 * An anchor left without an address is replaced by its text; a hidden element goes with its
 * content (an e-mail's preview text would otherwise show twice).
 */
const dropHiddenAndBareLinks = (frame: sanitizeHtml.IFrame) => (HIDDEN.test(frame.attribs.style ?? '') || 'hidden' in frame.attribs ? true
  : frame.tag === 'a' && !frame.attribs.href ? 'excludeTag' as const : false);

/** The boxes of a layout (an e-mail's tables and divs): each becomes a paragraph, so the text does not run together. */
const LAYOUT_BOXES = ['div', 'td', 'th', 'center', 'section', 'article', 'header', 'footer', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote'];

/** Paragraphs cannot nest: boxes in boxes leave runs of opening or closing tags, and empty ones, which are folded. */
function foldParagraphs(html: string): string {
  return html.replace(/(?:<p>\s*)+<p>/g, '<p>').replace(/<\/p>(?:\s*<\/p>)+/g, '</p>').replace(/<p>\s*<\/p>/g, '').replace(/<\/p>\s+<p>/g, '</p><p>');
}

function settings(options: RichTextOptions): sanitizeHtml.IOptions {
  return {
    allowedTags: options.links ? [...RICH_TEXT_TAGS, 'a'] : [...RICH_TEXT_TAGS],
    allowedAttributes: options.links ? { a: ['href', 'rel', 'target'] } : {},
    allowedSchemes: [...LINK_SCHEMES],
    allowedSchemesAppliedToAttributes: ['href'],
    allowProtocolRelative: false,
    allowedStyles: {},
    allowVulnerableTags: false,
    // tags outside the list are dropped and their text kept; these are dropped with their content
    disallowedTagsMode: 'discard',
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'title', 'iframe', 'object', 'embed', 'svg', 'math', 'head', 'select', 'xmp', 'noembed', 'noframes'],
    transformTags: { b: 'strong', i: 'em', ...Object.fromEntries(LAYOUT_BOXES.map((t) => [t, 'p'])), ...(options.links ? { a: linkTransform } : {}) },
    exclusiveFilter: dropHiddenAndBareLinks,
  };
}

const WITH_LINKS = settings({ links: true });
const WITHOUT_LINKS = settings({ links: false });

/**
 * Rich text reduced to the allow-list (engine/forms/rich-text-allow-list.ts): the markup the
 * editor makes stays as it is, anything else (scripts, handlers, styles, classes, other tags,
 * other link schemes) is removed silently - the editor never sends it, so it comes from a
 * crafted request.
 */
export function sanitiseRichText(html: string, options: RichTextOptions): string {
  return foldParagraphs(sanitizeHtml(html, options.links ? WITH_LINKS : WITHOUT_LINKS)).trim();
}

/** A submitted value of a form element, sanitised when the element is rich text. */
export function sanitiseElementValue<T>(element: FormElement, value: T): T | string {
  return element.type === 'richtext' && typeof value === 'string' ? sanitiseRichText(value, { links: richTextAllowsLinks(element) }) : value;
}
