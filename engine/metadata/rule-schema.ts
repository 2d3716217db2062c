import { Type, type Static } from '@sinclair/typebox';
import { RemoveFlag, RuleSchema } from './schema-common.js';

/**
 * One named rule of the rule library (metadata/rules.json, tenant-overridable by id): a json-logic
 * predicate written once and referenced anywhere a rule goes as `{ "rule": "<id>" }`.
 */
export const NamedRuleSchema = Type.Object({
  id: Type.String({ pattern: '^[a-z][A-Za-z0-9]*$', description: 'the name references use' }),
  description: Type.String({ minLength: 1, description: 'what the rule holds for, in plain words' }),
  logic: RuleSchema,
  $remove: RemoveFlag,
}, { additionalProperties: false });
export type NamedRule = Static<typeof NamedRuleSchema>;
export const RulesFileSchema = Type.Array(NamedRuleSchema);
