import { Type, type Static } from '@sinclair/typebox';
import { RemoveFlag, RuleSchema } from './schema-common.js';

export const FILTER_OPERATIONS = ['None', 'OnDate', 'Contains', 'GreaterThan', 'LessThan', 'Equals'] as const;
export type FilterOperation = (typeof FILTER_OPERATIONS)[number];
export const FilterOperationSchema = Type.Union(FILTER_OPERATIONS.map((o) => Type.Literal(o)));
export const SortDirectionSchema = Type.Union([Type.Literal('Ascending'), Type.Literal('Descending')]);
export type SortDirection = Static<typeof SortDirectionSchema>;

/** Icons a column may show beside its values (verification status: part 2 section 4). */
export const GRID_ICONS = ['hourglass', 'check-circle', 'times'] as const;
export type GridIcon = (typeof GRID_ICONS)[number];
export const GridIconSchema = Type.Union(GRID_ICONS.map((i) => Type.Literal(i)));

/** Computed grid columns: the level a person's verified records reach, a claimed level above it (own rows, verification requests). */
export const COMPUTED_COLUMN_NAMES = ['latticeLevel', 'latticeClaimAbove', 'latticeClaimCheck'] as const;
export type ComputedColumnName = (typeof COMPUTED_COLUMN_NAMES)[number];

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
  icons: Type.Optional(Type.Record(Type.String(), GridIconSchema, { description: 'an icon shown before a cell holding one of these values (the value stays as its text)' })),
  valueTexts: Type.Optional(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9.]*$', description: "a coded value is shown as the text of key '<valueTexts>.<value>' (metadata/texts) when the catalogue has it, e.g. coaching.action.1" })),
  computed: Type.Optional(Type.Object({
    name: Type.Union(COMPUTED_COLUMN_NAMES.map((n) => Type.Literal(n)), { description: 'the function that fills the column for the page rows (server/domain/computed-columns.ts)' }),
    params: Type.Optional(Type.Record(Type.String(), Type.String(), { description: "the function's parameters: row properties it reads" })),
  }, { additionalProperties: false, description: 'a value computed for each row of the page, not stored (never sorted or filtered on)' })),
  $remove: RemoveFlag,
}, { additionalProperties: false });
export type GridColumn = Static<typeof GridColumnSchema>;

export const GridFilterSchema = Type.Object({
  column: Type.String(),
  value: Type.Union([Type.String(), Type.Number(), Type.Boolean()]),
  operation: FilterOperationSchema,
}, { additionalProperties: false });
export type GridFilter = Static<typeof GridFilterSchema>;

const RowFieldMap = (description: string) => Type.Record(Type.String({ pattern: '^[a-z][A-Za-z0-9]*$' }), Type.String({ minLength: 1 }), { description });

/** A row action that fires a workflow step on the record a row field names (or creates one from row fields): one generic component. */
export const RowActionStepSchema = Type.Object({
  entityTypeId: Type.Integer({ description: 'the record type whose workflow the step belongs to' }),
  transition: Type.String({ description: "the workflow's transition id; its label, question (prompt) and comment rule come from the workflow" }),
  recordField: Type.Optional(Type.String({ description: 'the row field holding the id of the record the step is taken on (absent: the step creates its record)' })),
  values: Type.Optional(RowFieldMap("a step that creates its record: each input value, from the row field named")),
  promptValues: Type.Optional(RowFieldMap("the prompt's parameters, from the row fields named (besides the row's own fields)")),
}, { additionalProperties: false });
export type RowActionStep = Static<typeof RowActionStepSchema>;

/** A row action that opens another grid in a window, filtered on the row's fields: one generic component. */
export const RowActionGridWindowSchema = Type.Object({
  gridId: Type.String({ description: 'the grid shown in the window' }),
  title: Type.String({ minLength: 1, description: "a text key (metadata/texts): the window's title; it may name the row's fields" }),
  filters: RowFieldMap("the shown grid's column (Equals) to the row field holding its value"),
}, { additionalProperties: false });
export type RowActionGridWindow = Static<typeof RowActionGridWindowSchema>;

export const RowActionSchema = Type.Object({
  id: Type.String(),
  label: Type.String(),
  icon: Type.Optional(Type.String()),
  visible: Type.Optional(RuleSchema),
  step: Type.Optional(RowActionStepSchema),
  gridWindow: Type.Optional(RowActionGridWindowSchema),
  $remove: RemoveFlag,
}, { additionalProperties: false });
export type RowAction = Static<typeof RowActionSchema>;

/** An action on the chosen rows of a multi-select grid: offered when `offered` holds for at least one chosen row. */
export const SelectionActionSchema = Type.Object({
  id: Type.String(),
  label: Type.String(),
  offered: RuleSchema,
  $remove: RemoveFlag,
}, { additionalProperties: false });
export type SelectionAction = Static<typeof SelectionActionSchema>;

/** The grid is an accordion of the User Records view: records come before the attestations, comments after. */
export const UserRecordsSectionSchema = Type.Object({
  sequence: Type.Integer({ description: 'order among the sections of its group' }),
  group: Type.Optional(Type.Union([Type.Literal('records'), Type.Literal('comments')], { description: 'default records' })),
  $remove: RemoveFlag,
}, { additionalProperties: false });
export type UserRecordsSection = Static<typeof UserRecordsSectionSchema>;

/** View opens this named modal instead of the record form for rows where `when` holds (endorsements). */
export const ViewModalSchema = Type.Object({
  name: Type.String({ description: 'a row action component (registered in the renderer) that View opens instead of the record form' }),
  when: Type.Optional(RuleSchema),
  $remove: RemoveFlag,
}, { additionalProperties: false });
export type ViewModal = Static<typeof ViewModalSchema>;

/** One way of adding a record that a grid's Add New offers (the chooser): the grid's form or another form of its record type, or a registered action. */
export const AddChoiceSchema = Type.Object({
  id: Type.String({ pattern: '^[a-z][a-z0-9-]*$' }),
  label: Type.String({ minLength: 1, description: "a text key (metadata/texts): the choice's button" }),
  formId: Type.Optional(Type.Integer({ minimum: 1, description: 'opens this form of the record type to add a record' })),
  action: Type.Optional(Type.String({ description: 'runs this registered row action (renderer composition) with no row, e.g. one that creates the record by a call' })),
  $remove: RemoveFlag,
}, { additionalProperties: false });
export type AddChoice = Static<typeof AddChoiceSchema>;

export const GridSchema = Type.Object({
  id: Type.String({ pattern: '^[a-z][a-z0-9-]*$' }),
  entityTypeId: Type.Integer({ minimum: 1 }),
  formId: Type.Integer({ minimum: 1 }),
  altGridId: Type.Optional(Type.String({ description: 'set on alternate grids: the name clients send as altGridId' })),
  rowsFrom: Type.Optional(Type.Integer({ minimum: 1, description: "the entity type whose rows the grid lists (a read-only view entity: its fields, owner field and read rule); default entityTypeId. Lets one record type have grids of differently shaped rows, e.g. a person's row per organization" })),
  owner: Type.Union([Type.Literal('primaryEntity'), Type.Literal('all')], { description: "primaryEntity: rows of one person's profile; all: every row the caller may read" }),
  columns: Type.Array(GridColumnSchema, { minItems: 1 }),
  displayColumns: Type.Optional(Type.Array(Type.String(), { minItems: 1, maxItems: 3, description: "property names of the grid's columns whose values name a row (row-action and select names); default: the first shown column" })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  paging: Type.Optional(Type.Boolean({ description: 'false: no paging control while the rows fit one page of pageSize (the PDP self-assessment: 25 without paging); more rows still get it, so none is out of reach; default true' })),
  view: Type.Optional(Type.Boolean({ description: "false: rows offer no View of the grid's form (their row actions open them); default true" })),
  rows: Type.Optional(RuleSchema),
  addNew: Type.Optional(RuleSchema),
  addChoices: Type.Optional(Type.Array(AddChoiceSchema, { minItems: 1, description: 'Add New opens a chooser of these ways of adding a record (each a form or a registered action) instead of the form' })),
  addChoicesTitle: Type.Optional(Type.String({ minLength: 1, description: "a text key: the chooser's title (default: Add plus the record type's name)" })),
  includeDisabled: Type.Optional(RuleSchema),
  exports: Type.Optional(Type.Array(Type.Union([Type.Literal('csv'), Type.Literal('pdf')]))),
  multiRowSelect: Type.Optional(Type.Boolean()),
  allowSelectAll: Type.Optional(Type.Boolean()),
  allowClearSelection: Type.Optional(Type.Boolean()),
  defaultFilters: Type.Optional(Type.Array(GridFilterSchema)),
  rowActions: Type.Optional(Type.Array(RowActionSchema)),
  stepsLast: Type.Optional(Type.Boolean({ description: "the row's workflow steps come after its row actions (default: before them), e.g. Request Verification in the More actions menu" })),
  selectionActions: Type.Optional(Type.Array(SelectionActionSchema, { description: 'actions on the chosen rows (multiRowSelect), each offered when its rule holds for a chosen row; the screen runs them' })),
  userRecords: Type.Optional(UserRecordsSectionSchema),
  viewModal: Type.Optional(ViewModalSchema),
  transitionsOf: Type.Optional(Type.Object({
    entityTypeIdField: Type.String({ description: 'the row field naming the record type' }),
    entityIdField: Type.String({ description: 'the row field naming the record' }),
  }, { additionalProperties: false, description: "the rows stand for records of other types (a verification request for a person's record): each row offers that record's workflow transitions" })),
  $remove: RemoveFlag,
}, { additionalProperties: false });
export type Grid = Static<typeof GridSchema>;

/** The entity type whose rows a grid lists: its `rowsFrom`, else the grid's own entity type. */
export function rowEntityTypeId(grid: Pick<Grid, 'entityTypeId' | 'rowsFrom'>): number {
  return grid.rowsFrom ?? grid.entityTypeId;
}
