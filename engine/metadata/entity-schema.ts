import { Type, type Static } from '@sinclair/typebox';
import { RemoveFlag, RuleSchema } from './schema-common.js';

export const FieldTypeSchema = Type.Union([
  Type.Literal('string'), Type.Literal('text'), Type.Literal('integer'), Type.Literal('number'),
  Type.Literal('boolean'), Type.Literal('date'), Type.Literal('datetime'), Type.Literal('list'),
]);
export type FieldType = Static<typeof FieldTypeSchema>;

export const EntityFieldSchema = Type.Object({
  id: Type.String({ pattern: '^[a-z][A-Za-z0-9]*$', description: 'property name used by forms, grids and rules' }),
  type: FieldTypeSchema,
  label: Type.Optional(Type.String()),
  column: Type.Optional(Type.String({ pattern: '^[a-z][a-z0-9_]*$', description: 'table storage: column name (default: snake_case of id)' })),
  maxLength: Type.Optional(Type.Integer({ minimum: 1 })),
  searchable: Type.Optional(Type.Boolean({ description: 'may be searched by autocomplete and entity cross reference' })),
  textIndex: Type.Optional(Type.Boolean({ description: 'keep a trigram index so Contains filters stay fast' })),
  system: Type.Optional(Type.Boolean({ description: 'set by the server, never from a form' })),
  computed: Type.Optional(Type.Boolean({ description: 'a column of the storage view only (never written); needs storage.view' })),
  storage: Type.Optional(Type.Literal('extension', { description: "table storage: the value lives in the row's `ext` JSON column under the field id, so a field is added with no migration (no column, never computed, not text-indexed: its filters use no index)" })),
  $remove: RemoveFlag,
}, { additionalProperties: false });
export type EntityField = Static<typeof EntityFieldSchema>;

/** A field kept in the row's `ext` JSON column (table storage), not a column of its own. */
export function isExtensionField(field: EntityField): boolean {
  return field.storage === 'extension';
}

export const EntityStorageSchema = Type.Union([
  Type.Object({
    kind: Type.Literal('table'),
    table: Type.String({ pattern: '^[a-z][a-z0-9_]*$' }),
    view: Type.Optional(Type.String({ pattern: '^[a-z][a-z0-9_]*$', description: 'rows are read from this view (the table columns plus computed ones) and written to the table' })),
  }, { additionalProperties: false }),
  Type.Object({ kind: Type.Literal('records') }, { additionalProperties: false }),
]);
export type EntityStorage = Static<typeof EntityStorageSchema>;

/** Access rules: json-logic over { user, row, tenant }. A missing rule denies. */
export const EntityAccessSchema = Type.Object({
  read: Type.Optional(RuleSchema),
  create: Type.Optional(RuleSchema),
  update: Type.Optional(RuleSchema),
  disable: Type.Optional(RuleSchema),
  delete: Type.Optional(RuleSchema),
}, { additionalProperties: false });
export type EntityAccess = Static<typeof EntityAccessSchema>;

/**
 * Records of this type can be verified (spec part 2 sections 4 and 6): who reviews and who removes
 * a verification, as rules over `user` and the record (`row`); the record needs the fields
 * verificationStatus and verified.
 */
export const EntityVerificationSchema = Type.Object({
  formId: Type.Integer({ minimum: 1, description: 'the form a reviewer sees the record in (read-only)' }),
  review: RuleSchema,
  remove: Type.Optional(RuleSchema),
  unavailableWhen: Type.Optional(RuleSchema),
  requestWhen: Type.Optional(Type.Unknown({ description: 'when the owner may ask for a verification, beyond it being available (default: always)' })),
  reverifyDeclined: Type.Optional(Type.Boolean({ description: 'a declined record may still be verified (experience start dates, part 2 section 4)' })),
  identifierFields: Type.Optional(Type.Array(Type.String({ minLength: 1 }), { minItems: 1, description: 'the fields naming the record in the verification grids (default: displayField)' })),
}, { additionalProperties: false });
export type EntityVerification = Static<typeof EntityVerificationSchema>;

export const EntitySchema = Type.Object({
  id: Type.Integer({ minimum: 1, description: "the spec's entity type id" }),
  name: Type.String({ minLength: 1 }),
  displayName: Type.Optional(Type.String()),
  storage: EntityStorageSchema,
  ownerField: Type.Optional(Type.String({ description: 'field holding the id of the person who owns the record' })),
  displayField: Type.Optional(Type.String({ description: 'field shown as DisplayValue of the entity stub' })),
  lockedWhen: Type.Optional(RuleSchema),
  feature: Type.Optional(Type.String({ minLength: 1, description: 'a tenant feature (tenant.json features, overridden by a configuration row of the same key): while it is off the generic grid and form calls refuse the record type' })),
  verification: Type.Optional(EntityVerificationSchema),
  fields: Type.Array(EntityFieldSchema),
  access: EntityAccessSchema,
  $remove: RemoveFlag,
}, { additionalProperties: false });
export type Entity = Static<typeof EntitySchema>;
