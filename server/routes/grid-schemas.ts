import { Type } from '@sinclair/typebox';
import { FilterOperationSchema, SortDirectionSchema } from '../../engine/metadata/grid-schema.js';
import { RowId } from './id-schemas.js';

const Id = RowId;
const Name = Type.String({ maxLength: 100 });

export const PrimaryEntityBody = Type.Object({
  Id,
  EntityTypeId: Type.Optional(Type.Integer()),
  FirstName: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
  LastName: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
}, { additionalProperties: false });

export const EntityRefBody = Type.Object({
  Id: Type.Integer({ minimum: 0, maximum: 2_147_483_647 }),
  EntityTypeId: Id,
  DisplayValue: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
}, { additionalProperties: false });

const FilterBody = Type.Object({
  column: Name,
  value: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Number(), Type.Boolean(), Type.Null()])),
  operation: Type.Optional(FilterOperationSchema),
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
  primaryEntity: Type.Optional(Type.Union([PrimaryEntityBody, Type.Null()])),
  sortInfo: Type.Optional(Type.Union([Type.Object({ column: Name, direction: Type.Optional(SortDirectionSchema) }, { additionalProperties: false }), Type.Null()])),
  filterInfo: Type.Optional(Type.Union([FilterBody, Type.Array(FilterBody, { maxItems: 5 }), Type.Null()])),
  defaultFilters: Type.Optional(Type.Union([Type.Array(FilterBody, { maxItems: 10 }), Type.Null()])),
  altGridId: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
};
export const GridBody = Type.Object(gridFields, { additionalProperties: false });

export const RecordActionBody = Type.Object({
  entityTypeId: Id,
  entityId: Id,
  primaryEntityId: Type.Optional(Type.Union([Id, Type.Null()])),
}, { additionalProperties: false });
export const DisableBody = Type.Object({ ...RecordActionBody.properties, disable: Type.Boolean() }, { additionalProperties: false });
