import { Type, type Static } from '@sinclair/typebox';
import { RemoveFlag, RoleCodeSchema } from './schema-common.js';

/**
 * Who a group recipient means (spec part 3 section 6), turned into SQL by the server: the people
 * holding one of `roles` (active), narrowed by where they hold it and by their highest education.
 */
export const GroupSelectorSchema = Type.Object({
  roles: Type.Array(RoleCodeSchema, { minItems: 1, description: 'active roles the people hold' }),
  organization: Type.Optional(Type.Union([Type.Literal('any'), Type.Literal('associated'), Type.Literal('unassociated')], {
    description: 'associated: the role at an organization; unassociated: the role at none; any (default): either',
  })),
  providerType: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'the role at an organization of this provider type' })),
  highestEducation: Type.Optional(Type.String({ minLength: 1, maxLength: 180, description: 'one of educationLevels: the person\'s highest (not disabled) education record' })),
}, { additionalProperties: false });
export type GroupSelector = Static<typeof GroupSelectorSchema>;

/** One group distribution offered in the recipient search and accepted by send. */
export const MessageGroupSchema = Type.Object({
  id: Type.String({ pattern: '^ALL-[A-Z0-9-]+$', maxLength: 60, description: 'the recipient id the browser sends' }),
  label: Type.String({ description: 'text key of the name shown' }),
  senders: Type.Array(RoleCodeSchema, { description: 'active roles that may send to the group in this tenant' }),
  recipients: GroupSelectorSchema,
  $remove: RemoveFlag,
}, { additionalProperties: false });
export type MessageGroup = Static<typeof MessageGroupSchema>;

/** messaging.json (base, overlaid by a tenant's): who may use messages and the group recipients. */
export const MessagingSchema = Type.Object({
  senderRoles: Type.Array(RoleCodeSchema, { description: 'active roles that may use messaging (list, send, search)' }),
  subjectMaxLength: Type.Integer({ minimum: 1, maximum: 1000 }),
  bodyMaxLength: Type.Integer({ minimum: 1, maximum: 1_000_000, description: 'characters of the sanitised body' }),
  searchResults: Type.Integer({ minimum: 1, maximum: 50, description: 'recipient search options shown' }),
  searchMinLength: Type.Integer({ minimum: 1, maximum: 10 }),
  educationLevels: Type.Array(Type.String({ minLength: 1, maxLength: 180 }), { description: 'education levels, lowest first' }),
  groups: Type.Array(MessageGroupSchema),
}, { additionalProperties: false });
export type Messaging = Static<typeof MessagingSchema>;

/** Without a messaging file nobody may use messages. */
export const NO_MESSAGING: Messaging = { senderRoles: [], subjectMaxLength: 200, bodyMaxLength: 20_000, searchResults: 10, searchMinLength: 2, educationLevels: [], groups: [] };
