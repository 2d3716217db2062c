import { Type, type Static } from '@sinclair/typebox';
import { ChoiceSchema } from './form-schema.js';
import { RemoveFlag } from './schema-common.js';

/**
 * A named list of choices shared by forms (metadata/choice-lists/*.json, tenant-overridable): an
 * element with `choiceList` takes its choices from here, so one list serves every form that
 * offers it (the training forms and the Training Search filters).
 */
export const ChoiceListSchema = Type.Object({
  id: Type.String({ pattern: '^[a-z][A-Za-z0-9]*$', description: 'the name elements give in choiceList' }),
  description: Type.Optional(Type.String()),
  choices: Type.Array(ChoiceSchema, { minItems: 1 }),
  $remove: RemoveFlag,
}, { additionalProperties: false });
export type ChoiceList = Static<typeof ChoiceListSchema>;
