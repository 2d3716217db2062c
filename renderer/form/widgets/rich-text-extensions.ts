import { Link } from '@tiptap/extension-link';
import { ListItem, OrderedList } from '@tiptap/extension-list';
import type { Extensions } from '@tiptap/react';
import { StarterKit } from '@tiptap/starter-kit';
import { LINK_ADDRESS, LINK_ATTRIBUTES } from '../../../engine/forms/rich-text-allow-list.js';

/** A fixed attribute: whatever the markup says, the value is this one (and it is never read from HTML). */
const fixed = <T>(value: T) => ({ default: value, parseHTML: () => value });

/** Links with an allowed address only (engine/forms/rich-text-allow-list.ts), always with the fixed rel and target. */
const AllowListLink = Link.extend({
  addAttributes() {
    return { href: { default: null, parseHTML: (element: HTMLElement) => element.getAttribute('href') }, rel: fixed(LINK_ATTRIBUTES.rel), target: fixed(LINK_ATTRIBUTES.target) };
  },
}).configure({
  openOnClick: false, autolink: false, linkOnPaste: false, defaultProtocol: 'https',
  HTMLAttributes: { ...LINK_ATTRIBUTES },
  isAllowedUri: (url) => LINK_ADDRESS.test(url),
});

/** Ordered lists always count from 1, as the server keeps them (no start or type attribute). */
const PlainOrderedList = OrderedList.extend({
  addAttributes() {
    return { start: { default: 1, parseHTML: () => 1, rendered: false }, type: { default: null, parseHTML: () => null, rendered: false } };
  },
});

/** List items without Tab / Shift+Tab nesting: Tab always moves the focus on (the toolbar makes no nested lists). */
const FlatListItem = ListItem.extend({
  addKeyboardShortcuts() {
    return { Enter: () => this.editor.commands.splitListItem(this.name) };
  },
});

/**
 * The editor's schema is the allow-list: paragraphs, line breaks, bold, italic, underline, ordered
 * and bullet lists, and links when `links` (everything else in markup is dropped when it is read,
 * so stored HTML is shown through the same list the server sanitises to).
 */
export function richTextExtensions(links: boolean): Extensions {
  return [
    StarterKit.configure({
      blockquote: false, code: false, codeBlock: false, heading: false, horizontalRule: false, strike: false,
      dropcursor: false, gapcursor: false, trailingNode: false, link: false, orderedList: false, listItem: false,
    }),
    PlainOrderedList,
    FlatListItem,
    ...(links ? [AllowListLink] : []),
  ];
}
