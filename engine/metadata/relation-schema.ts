import { Type, type Static } from '@sinclair/typebox';
import { RemoveFlag, RuleSchema } from './schema-common.js';

/**
 * A named relation between the caller and rows (DESIGN section 3): the values of one field of the
 * rows of a record type that a rule selects for the caller, e.g. the organizations a person
 * directs, or the people on the staff there. Rules use it as `{ "relation": "<id>" }`: compiled to
 * a subquery in row scopes (SQL), loaded once per request when a rule evaluated in memory asks.
 */
export const RelationSchema = Type.Object({
  id: Type.String({ pattern: '^[a-z][A-Za-z0-9]*$', description: 'the name rules use: { "relation": "<id>" }' }),
  description: Type.String({ minLength: 1, description: 'what the relation holds, in plain words' }),
  source: Type.Integer({ minimum: 1, description: 'the record type whose rows the relation reads' }),
  value: Type.String({ pattern: '^[a-z][A-Za-z0-9]*$', description: 'the field of those rows whose values make the relation' }),
  where: RuleSchema,
  when: Type.Optional(Type.Unknown({ description: 'a rule over the caller alone (user, tenant, today); when it does not hold the relation is empty and never read' })),
  $remove: RemoveFlag,
}, { additionalProperties: false });
export type Relation = Static<typeof RelationSchema>;
export const RelationsFileSchema = Type.Array(RelationSchema);
