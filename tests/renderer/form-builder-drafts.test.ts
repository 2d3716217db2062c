import { describe, expect, it } from 'vitest';
import type { Form } from '../../engine/metadata/form-schema.js';
import {
  addChoice, addElement, addField, bindableFields, elementIdsOf, fieldIdFrom, fieldTypeFor, moveChoice, moveElement, nextId, removeChoice,
  removeElement, retypeField, updateChoice, updateElement,
} from '../../renderer/screens/metadata-admin/form-builder/form-draft.js';
import { idsInUse, withDrafts } from '../../renderer/screens/metadata-admin/form-builder/ids-in-use.js';
import { entityWithDisplayField, gridWithFormColumns, recordTypeDraft, slugFrom, type IdsInUse } from '../../renderer/screens/metadata-admin/form-builder/record-type-draft.js';

const form: Form = { id: 101, entityTypeId: 101, name: 'Award', elements: [
  { id: 10101, type: 'text', stimulus: 'Award' },
  { id: 10102, type: 'text', stimulus: 'Organization' },
] };

describe('the form builder edits', () => {
  it('chooses new ids above every id in use', () => {
    expect(nextId([3, 10101, 7])).toBe(10102);
    expect(nextId([], 1000)).toBe(1000);
    expect(nextId(elementIdsOf([form, { elements: [{ id: 20001, type: 'text', stimulus: 'x' }] }]))).toBe(20002);
  });

  it('adds, moves, changes and removes elements', () => {
    let f = addElement(form, 'dropdown', 10103, 'Kind');
    expect(f.elements.at(-1)).toEqual({ id: 10103, type: 'dropdown', stimulus: 'Kind', width: 6, choices: [{ id: 1, text: 'Choice 1', sequence: 1 }] });
    f = moveElement(f, 10103, -1);
    expect(f.elements.map((e) => e.id)).toEqual([10101, 10103, 10102]);
    expect(moveElement(f, 10101, -1)).toBe(f);
    f = updateElement(f, 10103, { required: true, tooltip: '', width: 4 });
    expect(f.elements[1]).toMatchObject({ required: true, width: 4 });
    expect(f.elements[1]).not.toHaveProperty('tooltip');
    f = removeElement(f, 10101);
    expect(f.elements.map((e) => e.id)).toEqual([10103, 10102]);
    expect(form.elements).toHaveLength(2);
  });

  it('edits choices and keeps their sequence in order', () => {
    let c = addChoice([{ id: 1, text: 'A', sequence: 1 }], 'B');
    c = addChoice(c, 'C');
    c = moveChoice(c, 3, -1);
    expect(c.map((x) => [x.id, x.sequence])).toEqual([[1, 1], [3, 2], [2, 3]]);
    c = updateChoice(c, 3, { text: 'Tennessee', value: 'TN' });
    expect(c[1]).toEqual({ id: 3, text: 'Tennessee', value: 'TN', sequence: 2 });
    expect(updateChoice(c, 3, { value: '' })[1]).not.toHaveProperty('value');
    expect(removeChoice(c, 1).map((x) => [x.id, x.sequence])).toEqual([[3, 1], [2, 2]]);
  });

  it('names and types new fields from their elements', () => {
    expect(fieldIdFrom('Hours of Service!', [])).toBe('hoursOfService');
    expect(fieldIdFrom('Hours of service', ['hoursOfService'])).toBe('hoursOfService2');
    expect(fieldIdFrom('2nd language', [])).toBe('field2ndLanguage');
    expect(fieldTypeFor('text', 'date')).toBe('date');
    expect(fieldTypeFor('textarea')).toBe('text');
    expect(fieldTypeFor('checkbox')).toBe('boolean');
    expect(fieldTypeFor('dropdown')).toBe('string');
  });

  it('adds a field to the entity once and offers only fields a form may write', () => {
    const draft = recordTypeDraft({ name: 'Volunteer Work', roles: ['100'], verifiable: false }, noIds);
    const entity = addField(addField(draft.entity, 'hours', 'number', 'Hours'), 'hours', 'number', 'Hours');
    expect(entity.fields.map((f) => f.id)).toEqual(['userId', 'hours']);
    expect(bindableFields(entity).map((f) => f.id)).toEqual(['hours']);
    expect(retypeField(entity, 'hours', 'date').fields[1]).toEqual({ id: 'hours', type: 'date', label: 'Hours' });
  });
});

const noIds: IdsInUse = { entityIds: [101, 7], formIds: [1200], gridIds: ['award'], routeIds: ['volunteer-work'], routePaths: [], sequences: [16, 50] };

describe('the new record type draft', () => {
  it('drafts a records-store entity, its form, grid and menu route with new ids', () => {
    const d = recordTypeDraft({ name: ' Volunteer Work ', roles: ['100'], verifiable: false }, noIds);
    expect(d.entity).toMatchObject({ id: 1201, name: 'VolunteerWork', displayName: 'Volunteer Work', storage: { kind: 'records' }, ownerField: 'userId' });
    expect(d.entity.access.read).toEqual({ or: [{ rule: 'isManager' }, { rule: 'isLicensingStaff' }, { and: [{ activeRole: ['100'] }, { rule: 'ownsRow' }] }] });
    expect(d.entity.verification).toBeUndefined();
    expect(d.form).toEqual({ id: 1201, entityTypeId: 1201, name: 'Volunteer Work', elements: [] });
    expect(d.grid).toMatchObject({ id: 'volunteer-work-2', entityTypeId: 1201, formId: 1201, owner: 'primaryEntity' });
    expect(d.route).toMatchObject({ id: 'volunteer-work-2', path: 'volunteer-work-2', parent: 'dashboard', roles: ['100'], sequence: 51, screen: { kind: 'grid', gridId: 'volunteer-work-2' } });
  });

  it('makes a verifiable record type reviewable, with the verification fields', () => {
    const d = recordTypeDraft({ name: 'Volunteer', roles: ['100', '200'], verifiable: true }, noIds);
    expect(d.entity.verification).toEqual({ formId: 1201, review: { rule: 'reviewsPersonRecord' }, remove: { rule: 'removesPersonRecordVerification' } });
    expect(d.entity.fields.map((f) => f.id)).toEqual(['userId', 'verificationStatus', 'verified']);
  });

  it('gives the grid a column for each bound field of the form', () => {
    const d = recordTypeDraft({ name: 'Volunteer', roles: ['100'], verifiable: false }, noIds);
    const entity = addField(addField(d.entity, 'place', 'string', 'Place'), 'started', 'date', 'Started');
    const f: Form = { ...d.form, elements: [
      { id: 1, type: 'text', stimulus: 'Place', field: 'place' },
      { id: 2, type: 'text', subtype: 'date', stimulus: 'Started', field: 'started' },
      { id: 3, type: 'text', stimulus: 'Unbound' },
    ] };
    const grid = gridWithFormColumns(d.grid, f, entity);
    expect(grid.columns).toEqual([
      { columnName: 'Place', propertyName: 'place', sortable: true, filterable: true },
      { columnName: 'Started', propertyName: 'started', sortable: true, filterable: true, formatDate: true },
    ]);
    expect(gridWithFormColumns(grid, f, entity).columns).toHaveLength(2);
  });

  it('names the records by the first text field of the form unless a display field is set', () => {
    const d = recordTypeDraft({ name: 'Volunteer', roles: ['100'], verifiable: false }, noIds);
    const entity = addField(addField(d.entity, 'started', 'date', 'Started'), 'place', 'string', 'Place');
    const f: Form = { ...d.form, elements: [
      { id: 1, type: 'text', subtype: 'date', stimulus: 'Started', field: 'started' },
      { id: 2, type: 'text', stimulus: 'Place', field: 'place' },
    ] };
    expect(entityWithDisplayField(entity, f).displayField).toBe('place');
    expect(entityWithDisplayField({ ...entity, displayField: 'started' }, f).displayField).toBe('started');
    expect(entityWithDisplayField(d.entity, f)).toBe(d.entity);
  });

  it('makes slugs that routes accept', () => {
    expect(slugFrom('Awards & Honors', [])).toBe('awards-honors');
    expect(slugFrom('4-H Club', [])).toBe('records-4-h-club');
  });
});

describe('the ids in use', () => {
  const registry = {
    entities: [{ id: 101 } as never], forms: [form], grids: [{ id: 'award' } as never],
    routes: [{ id: 'awards', path: 'awards', parent: 'dashboard', sequence: 16 }],
  };

  it('lays the drafts over the registry: a drafted document replaces its published one, a drafted removal takes it away', () => {
    const drafted = withDrafts(registry, [
      { kind: 'form', id: '101', value: { ...form, elements: [{ id: 10109, type: 'text', stimulus: 'x' }] } },
      { kind: 'grid', id: 'award', value: { $remove: true } },
      { kind: 'entity', id: '1200', value: { id: 1200 } },
    ]);
    expect(drafted.forms.flatMap((f) => f.elements.map((e) => e.id))).toEqual([10109]);
    expect(drafted.grids).toEqual([]);
    expect(drafted.entities.map((e) => e.id)).toEqual([101, 1200]);
  });

  it('counts the documents earlier versions held, so a rolled-back record type never gives its ids again', () => {
    const ids = idsInUse(registry, [
      { kind: 'entity', id: '1000', value: { id: 1000 } },
      { kind: 'form', id: '1000', value: { id: 1000, elements: [{ id: 119009 }] } },
      { kind: 'route', id: 'volunteer', value: { id: 'volunteer', path: 'volunteer', parent: 'dashboard', sequence: 99 } },
      { kind: 'grid', id: 'gone', value: null },
    ]);
    expect(ids).toEqual({
      entityIds: [101, 1000], formIds: [101, 1000], gridIds: ['award'], routeIds: ['awards', 'volunteer'], routePaths: ['awards', 'volunteer'],
      sequences: [16], elementIds: [10101, 10102, 119009],
    });
    const again = recordTypeDraft({ name: 'Volunteer', roles: ['100'], verifiable: false }, ids);
    expect(again.entity.id).toBe(1001);
    expect(again.route.id).toBe('volunteer-2');
  });
});
