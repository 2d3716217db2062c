import { Type, type Static } from '@fastify/type-provider-typebox';
import { FILTER_OPERATIONS, GridColumnSchema, type GridColumn } from '../../engine/metadata/grid-schema.js';
import { AnsweredId, OrNull, RowId } from './id-schemas.js';

const Id = RowId;
const Name = Type.String({ maxLength: 100 });
const FilterOperation = Type.Union(FILTER_OPERATIONS.map((o) => Type.Literal(o)));
const SortDirection = Type.Union([Type.Literal('Ascending'), Type.Literal('Descending')]);

export const PrimaryEntityBody = Type.Object({
  Id,
  EntityTypeId: Type.Optional(Type.Integer()),
  FirstName: Type.Optional(OrNull(Type.String({ maxLength: 200 }))),
  LastName: Type.Optional(OrNull(Type.String({ maxLength: 200 }))),
}, { additionalProperties: false });

export const EntityRefBody = Type.Object({
  Id: Type.Integer({ minimum: 0, maximum: 2_147_483_647 }),
  EntityTypeId: Id,
  DisplayValue: Type.Optional(OrNull(Type.String({ maxLength: 500 }))),
}, { additionalProperties: false });

const FilterBody = Type.Object({
  column: Name,
  value: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Number(), Type.Boolean(), Type.Null()])),
  operation: Type.Optional(FilterOperation),
}, { additionalProperties: false });

const gridFields = {
  from: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000_000 })),
  to: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000_000 })),
  formId: Type.Optional(Id),
  entityTypeId: Id,
  includeDisabled: Type.Optional(Type.Boolean()),
  multiRowSelect: Type.Optional(Type.Boolean()),
  allowSelectAll: Type.Optional(Type.Boolean()),
  allowClearSelection: Type.Optional(Type.Boolean()),
  primaryEntity: Type.Optional(OrNull(PrimaryEntityBody)),
  sortInfo: Type.Optional(OrNull(Type.Object({ column: Name, direction: Type.Optional(SortDirection) }, { additionalProperties: false }))),
  filterInfo: Type.Optional(Type.Union([FilterBody, Type.Array(FilterBody, { maxItems: 5 }), Type.Null()])),
  defaultFilters: Type.Optional(OrNull(Type.Array(FilterBody, { maxItems: 10 }))),
  altGridId: Type.Optional(OrNull(Type.String({ maxLength: 100 }))),
};
export const GridBody = Type.Object(gridFields, { additionalProperties: false });

export const RecordActionBody = Type.Object({
  entityTypeId: Id,
  entityId: Id,
  primaryEntityId: Type.Optional(OrNull(Id)),
}, { additionalProperties: false });
export const DisableBody = Type.Object({ ...RecordActionBody.properties, disable: Type.Boolean() }, { additionalProperties: false });

/**
 * One grid row: an object of the entity's fields by property name (metadata decides which) and the
 * row flags. Its schema names no type on purpose: the serialiser then hands each row to
 * JSON.stringify whole, the fastest way to write an object of unknown keys (an object schema with
 * open properties writes key by key, about three times slower).
 */
const GridRow = Type.Unsafe<Record<string, unknown>>({ description: 'an object: the fields of the grid\'s columns by property name, id, and the flags canView, canEdit, canDisable, canDelete' });

export const GridAnswer = Type.Object({
  gridData: Type.Array(GridRow),
  columns: Type.Array(Type.Unsafe<GridColumn>(GridColumnSchema)),
}, { additionalProperties: false });

/** POST /api/grid: a page of rows, or the text "No Data" when the page has none. */
export const GridPageAnswer = Type.Unsafe<Static<typeof GridAnswer> | string>({
  description: 'a page of rows; a page with none is the text "No Data"',
  content: { 'application/json': { schema: GridAnswer }, 'text/plain': { schema: Type.String({ const: 'No Data' }) } },
});

export const GridSummaryAnswer = Type.Object({
  total: Type.Integer({ minimum: 0 }),
  totalCapped: Type.Boolean({ description: 'more rows than the count cap: total is a lower bound' }),
  maxUpdatedDate: OrNull(Type.String()),
  pageSize: Type.Integer(),
  canAdd: Type.Boolean(),
  canIncludeDisabled: Type.Boolean(),
}, { additionalProperties: false });

export const DisabledAnswer = Type.Object({ Id: AnsweredId, EntityTypeId: AnsweredId, disabled: Type.Boolean() }, { additionalProperties: false });
export const DeletedAnswer = Type.Object({ Id: AnsweredId, EntityTypeId: AnsweredId, deleted: Type.Boolean() }, { additionalProperties: false });

export type GridBodyValue = Static<typeof GridBody>;
