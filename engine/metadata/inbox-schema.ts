import { Type, type Static } from '@sinclair/typebox';
import { RemoveFlag } from './schema-common.js';

/** Where an inbox's items come from: the calls /message* or /notification* (spec part 3 section 7). */
export const INBOX_SOURCES = ['messages', 'notifications'] as const;
export type InboxSource = (typeof INBOX_SOURCES)[number];
export const INBOX_FOLDERS = ['Inbox', 'Archive', 'Sent'] as const;
export type InboxFolderId = (typeof INBOX_FOLDERS)[number];
export const INBOX_FILTERS = ['None', 'Starred', 'Unread'] as const;
export type InboxFilter = (typeof INBOX_FILTERS)[number];
/** Toolbar buttons acting on the selected items (each one call of the source's action path). */
export const INBOX_ACTIONS = ['star', 'markRead', 'markUnread', 'archive', 'unarchive', 'delete'] as const;
export type InboxAction = (typeof INBOX_ACTIONS)[number];
/** Buttons of the open modal of a message (notifications have their route button instead). */
export const OPEN_ACTIONS = ['reply', 'replyAll', 'markUnread'] as const;
export type OpenAction = (typeof OPEN_ACTIONS)[number];

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((v) => Type.Literal(v)));
const TextKey = (description: string) => Type.String({ minLength: 1, description });

export const InboxFolderSchema = Type.Object({
  id: literals(INBOX_FOLDERS),
  label: TextKey('text key of the folder in the Folder dropdown'),
  filters: Type.Array(literals(INBOX_FILTERS), { description: "the Filter dropdown's choices, None first; empty: no Filter dropdown in this folder" }),
  actions: Type.Array(literals(INBOX_ACTIONS), { description: 'toolbar buttons in this folder, in order' }),
  openActions: Type.Optional(Type.Array(literals(OPEN_ACTIONS), { description: 'buttons of the open modal (messages)' })),
  markReadOnOpen: Type.Boolean({ description: 'opening an unread item marks it read' }),
  showRecipients: Type.Optional(Type.Boolean({ description: 'the list names the recipients instead of the sender (Sent)' })),
  live: Type.Optional(Type.Boolean({ description: 'a received item (hub event) is added to the top while this folder is shown' })),
}, { additionalProperties: false });
export type InboxFolder = Static<typeof InboxFolderSchema>;

export const PreviewLengthSchema = Type.Object({
  maxWidth: Type.Optional(Type.Integer({ minimum: 1, description: 'window width in px up to which the length applies; absent: any wider window' })),
  length: Type.Integer({ minimum: 1, maximum: 2000, description: 'characters of the body text shown' }),
}, { additionalProperties: false });

/**
 * One inbox screen (spec part 3 sections 2 and 4): the Messages or Notifications list of a route
 * whose screen is `{ "kind": "inbox", "inbox": id }`. The first folder opens; the first filter of
 * a folder is the one a folder change resets to.
 */
export const InboxSchema = Type.Object({
  id: Type.String({ pattern: '^[a-z][a-z0-9-]*$' }),
  source: literals(INBOX_SOURCES),
  instructions: Type.Optional(TextKey('text key of the instruction text under the title')),
  emptyText: TextKey("text key of the empty state ('No Messages')"),
  itemName: TextKey('text key naming one item (accessible names of checkboxes and stars)'),
  compose: Type.Boolean({ description: 'offer Compose (messages only)' }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, description: 'items per page at first' }),
  previewLengths: Type.Array(PreviewLengthSchema, { minItems: 1, description: 'by window width, narrowest first; the last has no maxWidth' }),
  folders: Type.Array(InboxFolderSchema, { minItems: 1 }),
  $remove: RemoveFlag,
}, { additionalProperties: false });
export type Inbox = Static<typeof InboxSchema>;
