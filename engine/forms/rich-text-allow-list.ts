/**
 * What rich text may hold, on both sides: exactly what the editor's toolbar makes (spec part 2:
 * bold, italic, underline, ordered and bullet lists, a link only for the hyperlinksallowed
 * subtype) plus paragraphs and line breaks. The server sanitises every stored value to it and the
 * browser editor's schema is configured to it, so stored markup is shown through the same list.
 */

/** The subtype that adds the link button (spec part 9). */
export const HYPERLINKS_SUBTYPE = 'hyperlinksallowed';

/** Elements kept, in the form the editor writes them (b and i are read as strong and em). */
export const RICH_TEXT_TAGS = ['p', 'br', 'strong', 'em', 'u', 'ol', 'ul', 'li'] as const;

/** The schemes a link address may use. */
export const LINK_SCHEMES = ['http', 'https', 'mailto'] as const;

/** A link address kept and created: an absolute http(s) address or a mailto address. */
export const LINK_ADDRESS = /^(https?:\/\/|mailto:)[^\s<>"]+$/i;

/** Every stored link carries these; a link opens in a new tab without access to the registry's window. */
export const LINK_ATTRIBUTES = { rel: 'noopener noreferrer', target: '_blank' } as const;

/** Whether an element's rich text may hold links. */
export function richTextAllowsLinks(element: { subtype?: string | null }): boolean {
  return element.subtype === HYPERLINKS_SUBTYPE;
}
