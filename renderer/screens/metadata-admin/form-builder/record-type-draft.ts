import type { Route } from '../../../../engine/metadata/app-schema.js';
import type { Entity } from '../../../../engine/metadata/entity-schema.js';
import type { Form } from '../../../../engine/metadata/form-schema.js';
import type { Grid } from '../../../../engine/metadata/grid-schema.js';
import { nextId } from './form-draft.js';

/**
 * A new record type as the documents the wizard drafts: an entity in the generic record store
 * (owned by the person who enters it, each role of the record type reading and writing its own
 * rows, managers every row; verifiable records get the verification fields and reviewers), its
 * form (elements are added in the builder), a grid of the person's records and a menu route for
 * the chosen roles. Ids are chosen above every id in use.
 */

export interface RecordTypeInput {
  /** the name for people, e.g. "Volunteer Work" */
  name: string;
  /** the role codes that enter and see their own records */
  roles: string[];
  verifiable: boolean;
}

/** What is in use already: ids the new documents must not take. */
export interface IdsInUse {
  entityIds: number[];
  formIds: number[];
  gridIds: string[];
  routeIds: string[];
  routePaths: string[];
  /** the menu sequence numbers of the dashboard's routes */
  sequences: number[];
}

export interface RecordTypeDraft {
  entity: Entity;
  form: Form;
  grid: Grid;
  route: Route;
}

/** A lower-case slug (`^[a-z][a-z0-9-]*$`) of a name, unique among `taken`. */
export function slugFrom(name: string, taken: Iterable<string>): string {
  let base = name.normalize('NFKD').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  if (!/^[a-z]/.test(base)) base = `records${base ? `-${base}` : ''}`;
  const used = new Set(taken);
  let slug = base;
  for (let n = 2; used.has(slug); n++) slug = `${base}-${n}`;
  return slug;
}

/** The rule "a person of one of these roles, on a row of their own". */
const ownRowOfRoles = (roles: string[]) => ({ and: [{ activeRole: roles }, { rule: 'ownsRow' }] });

export function recordTypeDraft(input: RecordTypeInput, used: IdsInUse): RecordTypeDraft {
  const name = input.name.trim();
  // the entity and its form share one id, as the repository's record types do
  const id = nextId([...used.entityIds, ...used.formIds], 1000);
  const slug = slugFrom(name, [...used.gridIds, ...used.routeIds, ...used.routePaths]);
  const mayWrite = { or: [{ rule: 'isManager' }, ownRowOfRoles(input.roles)] };
  const entity: Entity = {
    id,
    name: name.replace(/[^A-Za-z0-9]+/g, '') || `Record${id}`,
    displayName: name,
    storage: { kind: 'records' },
    ownerField: 'userId',
    fields: [
      { id: 'userId', type: 'integer', label: 'Person', system: true },
      ...(input.verifiable ? [
        { id: 'verificationStatus', type: 'string' as const, label: 'Verification Status', system: true, maxLength: 20 },
        { id: 'verified', type: 'boolean' as const, label: 'Verified', system: true },
      ] : []),
    ],
    access: { read: { or: [{ rule: 'isManager' }, { rule: 'isLicensingStaff' }, ownRowOfRoles(input.roles)] }, create: mayWrite, update: mayWrite, disable: mayWrite, delete: mayWrite },
  };
  if (input.verifiable) {
    entity.lockedWhen = { rule: 'lockedByVerification' };
    entity.verification = { formId: id, review: { rule: 'reviewsPersonRecord' }, remove: { rule: 'removesPersonRecordVerification' } };
  }
  const form: Form = { id, entityTypeId: id, name, elements: [] };
  const grid: Grid = { id: slug, entityTypeId: id, formId: id, owner: 'primaryEntity', pageSize: 10, columns: [] } as Grid;
  const route: Route = {
    id: slug, path: slug, parent: 'dashboard', requiresAuth: true, displayName: name,
    sequence: nextId(used.sequences), roles: [...input.roles], icon: 'list_alt', screen: { kind: 'grid', gridId: slug },
  };
  return { entity, form, grid, route };
}

/** The grid of a new record type with a column for each bound field of its form that has none yet (the first six fields). */
export function gridWithFormColumns(grid: Grid, form: Form, entity: Entity): Grid {
  const have = new Set(grid.columns.map((c) => c.propertyName));
  const columns = [...grid.columns];
  for (const element of form.elements) {
    const field = entity.fields.find((f) => f.id === element.field);
    if (!field || field.system || have.has(field.id) || columns.length >= 6) continue;
    have.add(field.id);
    columns.push({ columnName: element.stimulus, propertyName: field.id, sortable: true, filterable: true, ...(field.type === 'date' ? { formatDate: true } : {}) });
  }
  return { ...grid, columns };
}

/** The entity naming its records by the first text field its form stores, when it names them by none yet (record stubs, verification lists). */
export function entityWithDisplayField(entity: Entity, form: Form): Entity {
  if (entity.displayField) return entity;
  const field = form.elements.map((e) => entity.fields.find((f) => f.id === e.field)).find((f) => f && !f.system && f.type === 'string');
  return field ? { ...entity, displayField: field.id } : entity;
}
