import { Type, type Static } from '@sinclair/typebox';
import { RemoveFlag, RuleSchema } from './schema-common.js';

export const FILTER_OPERATIONS = ['None', 'OnDate', 'Contains', 'GreaterThan', 'LessThan', 'Equals'] as const;
export type FilterOperation = (typeof FILTER_OPERATIONS)[number];
export const FilterOperationSchema = Type.Union(FILTER_OPERATIONS.map((o) => Type.Literal(o)));
export const SortDirectionSchema = Type.Union([Type.Literal('Ascending'), Type.Literal('Descending')]);
export type SortDirection = Static<typeof SortDirectionSchema>;

/** The spec's column descriptor (part 2 section 3). */
export const GridColumnSchema = Type.Object({
  columnName: Type.String(),
  propertyName: Type.String({ description: 'entity field (dotted paths into records-store values allowed)' }),
  sortable: Type.Optional(Type.Boolean()),
  filterable: Type.Optional(Type.Boolean()),
  formatDate: Type.Optional(Type.Boolean()),
  formatNumber: Type.Optional(Type.Boolean()),
  isTimeStamp: Type.Optional(Type.Boolean()),
  showTime: Type.Optional(Type.Boolean()),
  hidden: Type.Optional(Type.Boolean()),
  allowHtml: Type.Optional(Type.Boolean()),
  initialSort: Type.Optional(Type.Boolean()),
  initialSortDirection: Type.Optional(SortDirectionSchema),
  $remove: RemoveFlag,
}, { additionalProperties: false });
export type GridColumn = Static<typeof GridColumnSchema>;

export const GridFilterSchema = Type.Object({
  column: Type.String(),
  value: Type.Union([Type.String(), Type.Number(), Type.Boolean()]),
  operation: FilterOperationSchema,
}, { additionalProperties: false });
export type GridFilter = Static<typeof GridFilterSchema>;

export const RowActionSchema = Type.Object({
  id: Type.String(),
  label: Type.String(),
  icon: Type.Optional(Type.String()),
  visible: Type.Optional(RuleSchema),
  $remove: RemoveFlag,
}, { additionalProperties: false });
export type RowAction = Static<typeof RowActionSchema>;

export const GridSchema = Type.Object({
  id: Type.String({ pattern: '^[a-z][a-z0-9-]*$' }),
  entityTypeId: Type.Integer({ minimum: 1 }),
  formId: Type.Integer({ minimum: 1 }),
  altGridId: Type.Optional(Type.String({ description: 'set on alternate grids: the name clients send as altGridId' })),
  owner: Type.Union([Type.Literal('primaryEntity'), Type.Literal('all')], { description: "primaryEntity: rows of one person's profile; all: every row the caller may read" }),
  columns: Type.Array(GridColumnSchema, { minItems: 1 }),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  addNew: Type.Optional(RuleSchema),
  includeDisabled: Type.Optional(RuleSchema),
  exports: Type.Optional(Type.Array(Type.Union([Type.Literal('csv'), Type.Literal('pdf')]))),
  multiRowSelect: Type.Optional(Type.Boolean()),
  allowSelectAll: Type.Optional(Type.Boolean()),
  allowClearSelection: Type.Optional(Type.Boolean()),
  defaultFilters: Type.Optional(Type.Array(GridFilterSchema)),
  rowActions: Type.Optional(Type.Array(RowActionSchema)),
  $remove: RemoveFlag,
}, { additionalProperties: false });
export type Grid = Static<typeof GridSchema>;
