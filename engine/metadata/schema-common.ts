import { Type, type Static } from '@sinclair/typebox';

/** A json-logic expression (see engine/rules). Checked for known operators by the compiler. */
export const RuleSchema = Type.Unknown({ description: 'json-logic expression' });
export type Rule = unknown;

/** A role's code (roles.json declares them; references are checked against the declared ones). */
export const RoleCodeSchema = Type.String({ pattern: '^[A-Za-z0-9]{1,20}$' });
export type RoleCode = Static<typeof RoleCodeSchema>;

export const IsoDateSchema = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

/** Present on any entry of an overlay: the entry (or whole file) is removed from the base. */
export const RemoveFlag = Type.Optional(Type.Boolean({ description: 'overlay only: remove this entry' }));
