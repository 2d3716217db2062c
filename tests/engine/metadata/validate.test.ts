import { describe, expect, it } from 'vitest';
import { labelFor } from '../../../engine/metadata/ajv-messages.js';
import type { MetadataKind } from '../../../engine/metadata/registry.js';
import { validateDocument } from '../../../engine/metadata/validate.js';

const entity = { id: 4, name: 'Education', storage: { kind: 'table', table: 'education' }, fields: [{ id: 'school', type: 'string' }], access: {} };
const form = { id: 2, entityTypeId: 4, name: 'Education', elements: [{ id: 201, type: 'text', stimulus: 'School', field: 'school' }] };
const grid = { id: 'education', entityTypeId: 4, formId: 2, owner: 'all', columns: [{ columnName: 'School', propertyName: 'school' }] };
const tenant = { code: 'tn', productName: 'P', idLabel: 'Registry ID', agencyWord: 'agency', staffRoleLabel: 'DHS Staff', termsTitle: 'Terms', features: {} };

const ELEMENT_TYPE_LIST = 'text, checkbox, dropdown, phone, autocomplete, fileupload, radio, textarea, hidden, richtext, entitycrossreference, entitypropertycrossreference, trainingpropertydisplay';

describe('validateDocument', () => {
  it.each<[MetadataKind, unknown]>([
    ['entity', entity], ['form', form], ['grid', grid], ['tenant', tenant],
    ['route', [{ id: 'home', path: '/' }]], ['role', [{ id: '100', label: 'EC Professional', claims: [] }]],
    ['text', { 'grid.noData': 'No Data to Display' }],
  ])('accepts a valid %s', (kind, data) => {
    expect(validateDocument(kind, data)).toEqual([]);
  });

  it.each<[string, MetadataKind, unknown, string, string]>([
    ['unknown element type (one message for the whole union)', 'form',
      { ...form, elements: [{ ...form.elements[0], type: 'textbox' }] },
      '/elements/0/type', `unknown element type 'textbox'; expected one of ${ELEMENT_TYPE_LIST}`],
    ['unknown field type', 'entity', { ...entity, fields: [{ id: 'school', type: 'strnig' }] },
      '/fields/0/type', "unknown field type 'strnig'; expected one of string, text, integer, number, boolean, date, datetime, list"],
    ['unknown property', 'grid', { ...grid, columns: [{ columnName: 'School', propertyName: 'school', colName: 'x' }] },
      '/columns/0', "unknown property 'colName'"],
    ['wrong type', 'form', { ...form, id: 'two' }, '/id', 'must be an integer'],
    ['missing required property', 'form', { id: 2, entityTypeId: 4, elements: [] }, '', "missing required property 'name'"],
    ['unknown discriminator of an object union', 'entity', { ...entity, storage: { kind: 'tabel', table: 'x' } },
      '/storage/kind', "unknown storage kind 'tabel'; expected one of table, records"],
    ['missing property inside the chosen union branch', 'entity', { ...entity, storage: { kind: 'table' } },
      '/storage', "missing required property 'table'"],
    ['error inside an object branch of a mixed union', 'form',
      { ...form, elements: [{ ...form.elements[0], comparisons: [{ operator: 'lessThan', against: { element: 'x' } }] }] },
      '/elements/0/comparisons/0/against/element', 'must be an integer'],
    ['unknown literal of a mixed union', 'form',
      { ...form, elements: [{ ...form.elements[0], comparisons: [{ operator: 'lessThan', against: 'todya' }] }] },
      '/elements/0/comparisons/0/against', "unknown comparison against 'todya'; expected one of today, yesterday, tomorrow, { element }, { date }"],
    // role codes are declared in roles.json: an undeclared one is a reference problem of the compiler (compile.test.ts)
    ['a role code that is no code', 'route', [{ id: 'x', path: '/x', roles: ['no role'] }],
      '/0/roles/0', "'no role' does not match the pattern ^[A-Za-z0-9]{1,20}$"],
    ['pattern mismatch', 'grid', { ...grid, id: 'Education' }, '/id', "'Education' does not match the pattern ^[a-z][a-z0-9-]*$"],
    ['minimum', 'form', { ...form, elements: [{ ...form.elements[0], width: 0 }] }, '/elements/0/width', 'must be at least 1'],
    ['maximum', 'form', { ...form, elements: [{ ...form.elements[0], width: 13 }] }, '/elements/0/width', 'must be at most 12'],
    ['empty array', 'grid', { ...grid, columns: [] }, '/columns', 'must not be empty'],
    ['unknown export format', 'grid', { ...grid, exports: ['xls'] }, '/exports/0', "unknown export 'xls'; expected one of csv, pdf"],
    ['routes file must be an array', 'route', { id: 'home' }, '', 'must be an array'],
    ['text value must be a string', 'text', { 'a.b': 3 }, '/a.b', 'must be a string'],
    ['text key pattern', 'text', { 'bad key': 'x' }, '/bad key', "text key 'bad key' is not valid; use letters, digits and dots, starting with a letter"],
    ['tenant features are booleans', 'tenant', { ...tenant, features: { TrainTN: 'yes' } }, '/features/TrainTN', 'must be true or false'],
  ])('%s', (_name, kind, data, pointer, message) => {
    expect(validateDocument(kind, data)).toContainEqual({ pointer, message });
  });

  it('reports a union of literals once, not once per literal', () => {
    const issues = validateDocument('form', { ...form, elements: [{ ...form.elements[0], type: 'textbox' }] });
    expect(issues).toHaveLength(1);
  });

  it('never passes raw ajv wording through for common errors', () => {
    const issues = validateDocument('grid', { id: 1, entityTypeId: 'x', columns: [{}], pageSize: 0, exports: ['x'], owner: 'me' });
    for (const issue of issues) expect(issue.message).not.toMatch(/must match a schema in anyOf|must be equal to constant|must NOT have/);
    expect(issues.length).toBeGreaterThan(4);
  });

  it.each([
    ['/elements/3/type', 'element type'],
    ['/fields/2/type', 'field type'],
    ['/storage/kind', 'storage kind'],
    ['/roles/0', 'role'],
    ['/columns/0/initialSortDirection', 'column initial sort direction'],
    ['', 'value'],
  ])('labelFor(%s) is %s', (pointer, label) => {
    expect(labelFor(pointer)).toBe(label);
  });
});
