import { describe, expect, it } from 'vitest';
import { addFile, compileWith, mapData, patch, type FilesEdit } from './metadata-fixture.js';

const FORM = 'metadata/forms/education.json';
const PERSON_FORM = 'metadata/forms/person.json';
const ENTITY = 'metadata/entities/education.json';
const GRID = 'metadata/grids/education.json';
const ALL_GRID = 'metadata/grids/education-all.json';
const ROUTES = 'metadata/routes.json';
const ROLES = 'metadata/roles.json';

type Json = Record<string, unknown>;
const asList = (d: unknown): Json[] => d as Json[];
const asDoc = (d: unknown): Json & { elements: Json[] } => d as Json & { elements: Json[] };

interface Row {
  name: string;
  edits: FilesEdit[];
  file: string;
  pointer: string;
  message: string;
}

const rows: Row[] = [
  // duplicate ids
  { name: 'duplicate entity id', edits: [addFile({ path: 'metadata/entities/zz-copy.json', kind: 'entity', layer: 'base', data: { id: 4, name: 'Copy', storage: { kind: 'records' }, fields: [], access: {} } })],
    file: 'metadata/entities/zz-copy.json', pointer: '/id', message: 'duplicate entity id 4: also defined in metadata/entities/education.json' },
  { name: 'duplicate form id', edits: [patch(PERSON_FORM, { id: 2 })],
    file: PERSON_FORM, pointer: '/id', message: 'duplicate form id 2: also defined in metadata/forms/education.json' },
  { name: 'duplicate grid id', edits: [patch(ALL_GRID, { id: 'education' })],
    file: GRID, pointer: '/id', message: 'duplicate grid id education: also defined in metadata/grids/education-all.json' },
  { name: 'duplicate route id', edits: [mapData(ROUTES, (d) => [...asList(d), { id: 'home', path: '/home' }])],
    file: ROUTES, pointer: '/6/id', message: "duplicate route id 'home'" },
  { name: 'duplicate role id', edits: [mapData(ROLES, (d) => [...asList(d), { id: '100', label: 'Again', claims: [] }])],
    file: ROLES, pointer: '/4/id', message: "duplicate role id '100'" },
  { name: 'element id used by two forms', edits: [patch(PERSON_FORM, { elements: [{ id: 201, type: 'text', stimulus: 'Again' }] })],
    file: PERSON_FORM, pointer: '/elements/2/id', message: 'duplicate element id 201: also in form 2 (Education); element ids are unique across all forms' },
  { name: 'duplicate choice id in an element',
    edits: [mapData(FORM, (d) => { const f = asDoc(d); (f.elements[0]!.choices as Json[]).push({ id: 1, text: 'Again', sequence: 9 }); return f; })],
    file: FORM, pointer: '/elements/0/choices/3/id', message: 'choice id 1 appears twice in element 201' },
  { name: 'duplicate rule id in an element',
    edits: [mapData(FORM, (d) => { const f = asDoc(d); (f.elements[2]!.rules as Json[]).push({ id: 'hide-major', action: 'show' }); return f; })],
    file: FORM, pointer: '/elements/2/rules/1/id', message: "rule id 'hide-major' appears twice in element 203" },
  { name: 'duplicate row action id', edits: [mapData(GRID, (d) => { const g = d as Json; (g.rowActions as Json[]).push({ id: 'verify', label: 'Again' }); return g; })],
    file: GRID, pointer: '/rowActions/1/id', message: "row action id 'verify' appears twice" },
  { name: 'selection actions on a grid without multi-select', edits: [patch(GRID, { selectionActions: [{ id: 'approve-chosen', label: 'Approve Chosen', offered: { var: 'row.id' } }] })],
    file: GRID, pointer: '/selectionActions', message: 'selection actions need multiRowSelect' },
  { name: 'duplicate selection action id', edits: [patch(GRID, { multiRowSelect: true, selectionActions: [{ id: 'a', label: 'A', offered: true }, { id: 'a', label: 'Again', offered: true }] })],
    file: GRID, pointer: '/selectionActions/1/id', message: "selection action id 'a' appears twice" },
  { name: 'duplicate column name', edits: [mapData(GRID, (d) => { const g = d as Json; (g.columns as Json[]).push({ columnName: 'School', propertyName: 'major' }); return g; })],
    file: GRID, pointer: '/columns/4/columnName', message: "column 'School' is declared twice" },
  { name: 'duplicate field id', edits: [mapData(ENTITY, (d) => { const e = d as Json; (e.fields as Json[]).push({ id: 'school', type: 'text' }); return e; })],
    file: ENTITY, pointer: '/fields/7/id', message: "field 'school' is declared twice" },
  // forms
  { name: 'form names a missing entity', edits: [patch(PERSON_FORM, { entityTypeId: 99, elements: [{ id: 101, field: { $remove: true } }, { id: 102, field: { $remove: true } }] })],
    file: PERSON_FORM, pointer: '/entityTypeId', message: 'form names missing entity 99' },
  { name: 'element names a field the entity lacks', edits: [patch(FORM, { elements: [{ id: 203, field: 'majr' }] })],
    file: FORM, pointer: '/elements/2/field', message: "element names missing field 'majr' of entity 4 (Education)" },
  { name: 'rule reads a missing element', edits: [patch(FORM, { elements: [{ id: 203, rules: [{ id: 'hide-major', when: { '==': [{ var: 'values.205x' }, '1'] } }] }] })],
    file: FORM, pointer: '/elements/2/rules/0/when', message: "rule reads 'values.205x'; values are keyed by element id (values.<id>)" },
  { name: 'rule reads an element of another form', edits: [patch(FORM, { elements: [{ id: 203, rules: [{ id: 'hide-major', when: { '==': [{ var: 'values.101' }, '1'] } }] }] })],
    file: FORM, pointer: '/elements/2/rules/0/when', message: 'rule names missing element 101' },
  { name: 'setDefault value reads a missing element', edits: [patch(FORM, { elements: [{ id: 202, rules: [{ id: 'default-school', value: { var: 'values.299' } }] }] })],
    file: FORM, pointer: '/elements/1/rules/0/value', message: 'rule names missing element 299' },
  { name: 'rule uses an unknown operator', edits: [patch(FORM, { elements: [{ id: 201, rules: [{ id: 'limit-levels', when: { hasRol: ['100'] } }] }] })],
    file: FORM, pointer: '/elements/0/rules/0/when', message: "rule uses unknown operator 'hasRol'" },
  { name: 'rule reads an unknown variable', edits: [patch(FORM, { elements: [{ id: 201, rules: [{ id: 'limit-levels', when: { var: 'usr.id' } }] }] })],
    file: FORM, pointer: '/elements/0/rules/0/when', message: "rule reads unknown variable 'usr.id'; it may read user, tenant, today, values, parent, row" },
  { name: 'filterListChoices names a missing choice', edits: [patch(FORM, { elements: [{ id: 201, rules: [{ id: 'limit-levels', choices: [1, 9] }] }] })],
    file: FORM, pointer: '/elements/0/rules/0/choices/1', message: 'filterListChoices names missing choice 9 of element 201' },
  { name: 'comparison against a missing element', edits: [patch(FORM, { elements: [{ id: 204, comparisons: [{ operator: 'greaterThan', against: { element: 299 } }] }] })],
    file: FORM, pointer: '/elements/3/comparisons/0/against/element', message: 'comparison against missing element 299' },
  { name: 'element source names a missing entity', edits: [patch(FORM, { elements: [{ id: 206, source: { entityTypeId: 77 } }] })],
    file: FORM, pointer: '/elements/5/source/entityTypeId', message: 'element source names missing entity 77' },
  { name: 'element source property is not a field', edits: [patch(FORM, { elements: [{ id: 206, source: { property: 'nme' } }] })],
    file: FORM, pointer: '/elements/5/source/property', message: "element source names missing field 'nme' of entity 1 (Person)" },
  { name: 'pre-submission validation names a missing element', edits: [patch(FORM, { preSubmissionValidations: [{ id: 'unique-school', formElementIds: [202, 298] }] })],
    file: FORM, pointer: '/preSubmissionValidations/0/formElementIds/1', message: 'validation names missing element 298' },
  // grids
  { name: 'grid names a missing entity', edits: [patch(GRID, { entityTypeId: 99 })],
    file: GRID, pointer: '/entityTypeId', message: 'grid names missing entity 99' },
  { name: 'grid names a missing form', edits: [patch(GRID, { formId: 98 })],
    file: GRID, pointer: '/formId', message: 'grid names missing form 98' },
  { name: "grid's form belongs to another entity", edits: [patch(GRID, { formId: 1 })],
    file: GRID, pointer: '/formId', message: "grid's form 1 (Person) belongs to entity 1, not to entity 4" },
  { name: 'grid column names a missing field', edits: [patch(GRID, { columns: [{ columnName: 'School', propertyName: 'schol' }] })],
    file: GRID, pointer: '/columns/0/propertyName', message: "grid column names missing field 'schol' of entity 4 (Education)" },
  { name: 'grid column with a dotted path checks its first segment', edits: [patch(GRID, { columns: [{ columnName: 'School', propertyName: 'detail.school' }] })],
    file: GRID, pointer: '/columns/0/propertyName', message: "grid column names missing field 'detail' of entity 4 (Education)" },
  { name: 'default filter names an undeclared column', edits: [patch(GRID, { defaultFilters: [{ column: 'major', value: 'x', operation: 'Contains' }] })],
    file: GRID, pointer: '/defaultFilters/0/column', message: "default filter names column 'major' the grid does not declare" },
  { name: 'display column is not a column of the grid', edits: [patch(GRID, { displayColumns: ['school', 'nickname'] })],
    file: GRID, pointer: '/displayColumns/1', message: "display column 'nickname' is not a column property of the grid" },
  { name: 'two grids for the same entity and form without altGridId', edits: [patch(ALL_GRID, { altGridId: { $remove: true } })],
    file: GRID, pointer: '', message: "grid 'education' shows entity 4 with form 2 like grid 'education-all'; give one of them an altGridId" },
  { name: 'grid reads its rows from a missing entity', edits: [patch(GRID, { rowsFrom: 77 })],
    file: GRID, pointer: '/rowsFrom', message: 'grid reads its rows from missing entity 77' },
  { name: "grid columns are checked against the entity it reads rows from", edits: [patch(GRID, { rowsFrom: 1, columns: [{ columnName: 'School', propertyName: 'school' }] })],
    file: GRID, pointer: '/columns/0/propertyName', message: "grid column names missing field 'school' of entity 1 (Person)" },
  { name: 'row action rule with an unknown operator', edits: [patch(GRID, { rowActions: [{ id: 'verify', visible: { isVerified: [] } }] })],
    file: GRID, pointer: '/rowActions/0/visible', message: "rule uses unknown operator 'isVerified'" },
  // entities
  { name: 'ownerField is not a field', edits: [patch(ENTITY, { ownerField: 'owner' })],
    file: ENTITY, pointer: '/ownerField', message: "ownerField names missing field 'owner'" },
  { name: 'displayField is not a field', edits: [patch(ENTITY, { displayField: 'title' })],
    file: ENTITY, pointer: '/displayField', message: "displayField names missing field 'title'" },
  { name: 'two fields share a column', edits: [patch(ENTITY, { fields: [{ id: 'major', column: 'school' }] })],
    file: ENTITY, pointer: '/fields/3/column', message: "column 'school' of field 'major' is also the column of field 'school'" },
  { name: 'a default column equals an explicit one', edits: [patch(ENTITY, { fields: [{ id: 'level', column: 'end_date' }] })],
    file: ENTITY, pointer: '/fields/5/id', message: "column 'end_date' of field 'endDate' is also the column of field 'level'" },
  { name: 'a field column is a system column', edits: [patch(ENTITY, { fields: [{ id: 'major', column: 'created_at' }] })],
    file: ENTITY, pointer: '/fields/3/column', message: "column 'created_at' of field 'major' is the column of system field 'createdAt'" },
  { name: 'a field redefines a system field', edits: [patch(ENTITY, { fields: [{ id: 'disabled', type: 'boolean' }] })],
    file: ENTITY, pointer: '/fields/7/id', message: "field 'disabled' duplicates the system field of that name" },
  { name: 'two entities share a table', edits: [patch('metadata/entities/person.json', { storage: { table: 'education' } })],
    file: 'metadata/entities/person.json', pointer: '/storage/table', message: "table 'education' is also the table of entity 4" },
  { name: 'access rule reads a row field the entity lacks', edits: [patch(ENTITY, { access: { read: { '==': [{ var: 'row.ownerId' }, { var: 'user.id' }] } } })],
    file: ENTITY, pointer: '/access/read', message: 'rule reads row.ownerId, a field entity 4 (Education) lacks' },
  { name: 'an extension field sets a column', edits: [patch(ENTITY, { fields: [{ id: 'badge', type: 'string', storage: 'extension', column: 'badge' }] })],
    file: ENTITY, pointer: '/fields/7/column', message: "extension field 'badge' is kept in the ext column: it cannot set 'column'" },
  { name: 'an extension field is computed', edits: [patch(ENTITY, { fields: [{ id: 'badge', type: 'string', storage: 'extension', computed: true }] })],
    file: ENTITY, pointer: '/fields/7/computed', message: "extension field 'badge' is kept in the ext column: it cannot set 'computed'" },
  { name: 'an extension field asks for a text index', edits: [patch(ENTITY, { fields: [{ id: 'badge', type: 'string', storage: 'extension', textIndex: true }] })],
    file: ENTITY, pointer: '/fields/7/textIndex', message: "extension field 'badge' is kept in the ext column: it cannot set 'textIndex'" },
  { name: 'an extension field on a record-store entity',
    edits: [mapData(ENTITY, (d) => ({ ...(d as Json), storage: { kind: 'records' }, fields: [...((d as Json).fields as Json[]), { id: 'badge', type: 'string', storage: 'extension' }] }))],
    file: ENTITY, pointer: '/fields/7/storage', message: "extension field 'badge' is for table storage; a record-store field is kept in the record's JSON already" },
  { name: 'an extension field on a read-only entity', edits: [patch('metadata/entities/person.json', { fields: [{ id: 'badge', type: 'string', storage: 'extension' }] })],
    file: 'metadata/entities/person.json', pointer: '/fields/3/storage',
    message: "extension field 'badge' needs an entity that forms write (access.create or access.update); a read-only entity has no ext column" },
  // routes and roles
  { name: 'route parent is missing', edits: [patch(ROUTES, [{ id: 'profile', parent: 'dashbord' }])],
    file: ROUTES, pointer: '/2/parent', message: "route parent 'dashbord' is missing" },
  { name: 'route parents loop', edits: [patch(ROUTES, [{ id: 'dashboard', parent: 'profile' }])],
    file: ROUTES, pointer: '/1/parent', message: "route parent chain of 'dashboard' loops back to 'dashboard'" },
  { name: 'route names a missing role', edits: [patch(ROUTES, [{ id: 'director', roles: ['200', '300'] }])],
    file: ROUTES, pointer: '/4/roles/1', message: "route names missing role '300'" },
  { name: 'route screen names a missing grid', edits: [patch(ROUTES, [{ id: 'profile-education', screen: { gridId: 'educaton' } }])],
    file: ROUTES, pointer: '/3/screen/gridId', message: "route screen names missing grid 'educaton'" },
  { name: 'route continueTo names a missing route', edits: [patch(ROUTES, [{ id: 'profile-education', continueTo: 'dashbord-main' }])],
    file: ROUTES, pointer: '/3/continueTo', message: "route continueTo names missing route 'dashbord-main'" },
  { name: 'route needs a claim no role grants', edits: [patch(ROUTES, [{ id: 'manage-users', claims: ['User.delete.all'] }])],
    file: ROUTES, pointer: '/5/claims/0', message: "route needs claim 'User.delete.all', which no role grants" },
  { name: 'route visible rule with an unknown operator', edits: [patch(ROUTES, [{ id: 'home', visible: { feature: ['QuickSightEnabled'] } }])],
    file: ROUTES, pointer: '/0/visible', message: "rule uses unknown operator 'feature'" },
  // texts and tenant
  { name: 'two base text files define the same key', edits: [patch('metadata/texts/extra.json', { 'grid.noData': 'Nothing here' })],
    file: 'metadata/texts/extra.json', pointer: '/grid.noData', message: "duplicate text key 'grid.noData': also defined in metadata/texts/app.json" },
  { name: 'tenant code does not match its folder', edits: [patch('tenants/zz/tenant.json', { code: 'yy' })],
    file: 'tenants/zz/tenant.json', pointer: '/code', message: "tenant code 'yy' does not match its folder 'zz'" },
];

describe('cross-reference checks', () => {
  it.each(rows)('$name', ({ edits, file, pointer, message }) => {
    const { registry, problems } = compileWith('zz', ...edits);
    expect(problems).toContainEqual({ file, pointer, message });
    expect(registry).toBeNull();
  });

  it('the unedited fixture has no problems', () => {
    expect(compileWith('zz').problems).toEqual([]);
  });
});
