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

/** An anchor left without an address is replaced by its text. */
const unwrapBareLinks = (frame: sanitizeHtml.IFrame) => (frame.tag === 'a' && !frame.attribs.href ? 'excludeTag' as const : false);

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
    transformTags: { b: 'strong', i: 'em', ...(options.links ? { a: linkTransform } : {}) },
    exclusiveFilter: unwrapBareLinks,
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
  return sanitizeHtml(html, options.links ? WITH_LINKS : WITHOUT_LINKS).trim();
}

/** A submitted value of a form element, sanitised when the element is rich text. */
export function sanitiseElementValue<T>(element: FormElement, value: T): T | string {
  return element.type === 'richtext' && typeof value === 'string' ? sanitiseRichText(value, { links: richTextAllowsLinks(element) }) : value;
}
