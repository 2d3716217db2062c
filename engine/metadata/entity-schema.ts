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
  $remove: RemoveFlag,
}, { additionalProperties: false });
export type EntityField = Static<typeof EntityFieldSchema>;

export const EntityStorageSchema = Type.Union([
  Type.Object({ kind: Type.Literal('table'), table: Type.String({ pattern: '^[a-z][a-z0-9_]*$' }) }, { additionalProperties: false }),
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

export const EntitySchema = Type.Object({
  id: Type.Integer({ minimum: 1, description: "the spec's entity type id" }),
  name: Type.String({ minLength: 1 }),
  displayName: Type.Optional(Type.String()),
  storage: EntityStorageSchema,
  ownerField: Type.Optional(Type.String({ description: 'field holding the id of the person who owns the record' })),
  displayField: Type.Optional(Type.String({ description: 'field shown as DisplayValue of the entity stub' })),
  lockedWhen: Type.Optional(RuleSchema),
  fields: Type.Array(EntityFieldSchema),
  access: EntityAccessSchema,
  $remove: RemoveFlag,
}, { additionalProperties: false });
export type Entity = Static<typeof EntitySchema>;
