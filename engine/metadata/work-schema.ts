import { Type, type Static } from '@sinclair/typebox';
import { RemoveFlag, RoleCodeSchema, RuleSchema } from './schema-common.js';

/** The inboxes whose unread items a work count may count (messages, notifications). */
export const WORK_UNREAD_INBOXES = ['messages', 'notifications'] as const;

/**
 * One count of a dashboard work item: the rows of a grid the person may see there (the grid's own
 * owner mode, access scope and default filters), narrowed by an optional row rule, or the unread
 * items of the person's own inbox; linking to the route whose screen shows them.
 */
export const WorkCountSchema = Type.Object({
  id: Type.String({ pattern: '^[a-z][a-z0-9-]*$' }),
  gridId: Type.Optional(Type.String({ description: 'the grid whose rows are counted (or unread)' })),
  unread: Type.Optional(Type.Union(WORK_UNREAD_INBOXES.map((i) => Type.Literal(i)), { description: "the person's unread Inbox items of this kind (or gridId)" })),
  filter: Type.Optional(RuleSchema),
  route: Type.String({ description: 'the route id the count links to' }),
  query: Type.Optional(Type.Record(Type.String({ pattern: '^[a-z][A-Za-z0-9]*$' }), Type.String(), { description: "the link's query parameters, e.g. the section of an accordion screen to open" })),
  label: Type.String({ description: 'text key of the link, with {count}' }),
  labelOne: Type.Optional(Type.String({ description: 'text key of the link when the count is 1' })),
}, { additionalProperties: false });
export type WorkCount = Static<typeof WorkCountSchema>;

/** What waits for a person in one of the roles, shown on dashboard main (DESIGN section 6). */
export const WorkItemSchema = Type.Object({
  id: Type.String({ pattern: '^[a-z][a-z0-9-]*$' }),
  title: Type.String({ description: 'text key of the heading' }),
  roles: Type.Array(RoleCodeSchema, { minItems: 1, description: 'active roles the item is shown for' }),
  counts: Type.Optional(Type.Array(WorkCountSchema, { description: 'absent: a slot another release fills' })),
  sequence: Type.Optional(Type.Integer()),
  $remove: RemoveFlag,
}, { additionalProperties: false });
export type WorkItem = Static<typeof WorkItemSchema>;
export const WorkFileSchema = Type.Array(WorkItemSchema);
