import { Type, type Static } from '@sinclair/typebox';
import { RuleSchema } from './schema-common.js';

const TextKey = (description: string) => Type.String({ minLength: 1, description: `a text key (metadata/texts): ${description}` });

/** One requirement of a level: a json-logic rule over the person's facts, and the sentence shown while it is not met. */
export const LatticeRequirementSchema = Type.Object({
  id: Type.String({ pattern: '^[a-z][A-Za-z0-9]*$' }),
  when: RuleSchema,
  missing: TextKey('what the person still needs, shown while the rule does not hold; {hours} and {need} are filled in'),
  need: Type.Optional(Type.Number({ minimum: 0, description: 'the number a missing sentence names as {need} (e.g. the hours the rule asks for)' })),
}, { additionalProperties: false });
export type LatticeRequirement = Static<typeof LatticeRequirementSchema>;

export const LatticeLevelSchema = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  name: Type.String({ minLength: 1, description: 'the level as stored in a claimed level record (its last character is the Current Level)' }),
  label: TextKey('the level as shown'),
  requirements: Type.Array(LatticeRequirementSchema, { minItems: 1 }),
}, { additionalProperties: false });
export type LatticeLevel = Static<typeof LatticeLevelSchema>;

/**
 * career-lattice.json (per tenant; no lattice without it): where a person's facts come from, counted
 * from verified, enabled records only, and the levels in order, each reached when its requirements
 * and those of every level below it hold.
 */
export const LatticeSchema = Type.Object({
  claimed: Type.Object({
    entityTypeId: Type.Integer({ description: 'the record type of a claimed level (31)' }),
    field: Type.String({ description: 'its field holding the level name' }),
  }, { additionalProperties: false }),
  education: Type.Object({
    entityTypeId: Type.Integer(),
    levelField: Type.String(),
    levels: Type.Array(Type.String({ minLength: 1 }), { minItems: 1, description: 'education levels, lowest first: the fact educationRank is the 1-based place of the highest verified one (0: none)' }),
  }, { additionalProperties: false }),
  credentials: Type.Object({
    entityTypeId: Type.Integer(),
    nameField: Type.String({ description: 'the fact credentials lists these values of the verified records' }),
  }, { additionalProperties: false }),
  training: Type.Object({
    entityTypeId: Type.Integer(),
    hoursField: Type.String({ description: 'summed as the fact cycleHours' }),
    dateField: Type.String({ description: 'places a record in the current QRIS cycle' }),
  }, { additionalProperties: false }),
  levels: Type.Array(LatticeLevelSchema, { minItems: 1 }),
}, { additionalProperties: false });
export type Lattice = Static<typeof LatticeSchema>;
