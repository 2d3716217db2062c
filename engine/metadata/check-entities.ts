import { isExtensionField, type Entity } from './entity-schema.js';
import { checkUnique, entityLabel, readableFields, type CheckModel, type Doc, type ProblemList } from './check-model.js';
import { ENTITY_RULE_ROOTS, checkRule } from './check-rules.js';
import { SYSTEM_FIELDS } from './system-fields.js';
import { snakeCase } from '../text/snake-case.js';

const SYSTEM_COLUMNS = new Map(Object.entries(SYSTEM_FIELDS).map(([id, f]) => [f.column, id]));

function checkColumns(doc: Doc<Entity>, problems: ProblemList): void {
  const entity = doc.value;
  const isTable = entity.storage.kind === 'table';
  const owners = new Map<string, string>();
  const view = isTable && entity.storage.kind === 'table' ? entity.storage.view : undefined;
  entity.fields.forEach((field, i) => {
    if (field.computed && view === undefined) problems.add(doc, `/fields/${i}/computed`, `computed field '${field.id}' needs a storage view to be read from`);
    if (Object.hasOwn(SYSTEM_FIELDS, field.id)) {
      problems.add(doc, `/fields/${i}/id`, `field '${field.id}' duplicates the system field of that name`);
      return;
    }
    if (isExtensionField(field)) return;
    const column = field.column ?? (isTable ? snakeCase(field.id) : undefined);
    if (column === undefined) return;
    const at = field.column === undefined ? `/fields/${i}/id` : `/fields/${i}/column`;
    const other = owners.get(column);
    if (other !== undefined) problems.add(doc, at, `column '${column}' of field '${field.id}' is also the column of field '${other}'`);
    else if (SYSTEM_COLUMNS.has(column)) problems.add(doc, at, `column '${column}' of field '${field.id}' is the column of system field '${SYSTEM_COLUMNS.get(column)}'`);
    owners.set(column, field.id);
  });
}

/**
 * An extension field lives in the `ext` JSON column of a table that forms write (migration 029 gave
 * every such table one): no column of its own, never computed, no text index (no index at all).
 */
function checkExtensionFields(doc: Doc<Entity>, problems: ProblemList): void {
  const entity = doc.value;
  const written = entity.access.create !== undefined || entity.access.update !== undefined;
  entity.fields.forEach((field, i) => {
    if (!isExtensionField(field)) return;
    const at = `/fields/${i}/storage`;
    if (entity.storage.kind !== 'table') problems.add(doc, at, `extension field '${field.id}' is for table storage; a record-store field is kept in the record's JSON already`);
    else if (!written) problems.add(doc, at, `extension field '${field.id}' needs an entity that forms write (access.create or access.update); a read-only entity has no ext column`);
    for (const key of ['column', 'computed', 'textIndex'] as const) {
      if (field[key] !== undefined) problems.add(doc, `/fields/${i}/${key}`, `extension field '${field.id}' is kept in the ext column: it cannot set '${key}'`);
    }
  });
}

const VERIFICATION_RULES = new Set(['review', 'remove', 'unavailableWhen']);

/** A verifiable entity keeps the verification fields and names one of its own forms. */
function checkVerification(doc: Doc<Entity>, model: CheckModel, fields: ReadonlySet<string>, problems: ProblemList): void {
  const v = doc.value.verification!;
  for (const field of ['verificationStatus', 'verified']) {
    if (!fields.has(field)) problems.add(doc, '/verification', `a verifiable entity needs the field '${field}'`);
  }
  const form = model.forms.find((f) => f.value.id === v.formId)?.value;
  if (!form && !model.known.forms.has(v.formId)) problems.add(doc, '/verification/formId', `verification names missing form ${v.formId}`);
  if (form && form.entityTypeId !== doc.value.id) problems.add(doc, '/verification/formId', `form ${form.id} (${form.name}) belongs to entity ${form.entityTypeId}`);
}

export function checkEntities(model: CheckModel, problems: ProblemList): void {
  const tables = new Map<string, number>();
  // the server names record types by name where it must (an audit row's subject): one name, one type
  checkUnique(model.entities, (d) => d.value.name, (d, _i, name) => problems.add(d, '/name', `entity name '${name}' is used by another entity too`));
  for (const doc of model.entities) {
    const entity = doc.value;
    const fields = readableFields(entity);
    checkUnique(entity.fields, (f) => f.id, (_f, i, id) => problems.add(doc, `/fields/${i}/id`, `field '${id}' is declared twice`));
    checkColumns(doc, problems);
    checkExtensionFields(doc, problems);
    for (const key of ['ownerField', 'displayField'] as const) {
      const name = entity[key];
      if (name !== undefined && !fields.has(name)) problems.add(doc, `/${key}`, `${key} names missing field '${name}'`);
    }
    if (entity.storage.kind === 'table') {
      const other = tables.get(entity.storage.table);
      if (other !== undefined) problems.add(doc, '/storage/table', `table '${entity.storage.table}' is also the table of entity ${other}`);
      else tables.set(entity.storage.table, entity.id);
    }
    const scope = { roots: ENTITY_RULE_ROOTS, rowFields: fields, entityLabel: entityLabel(entity) };
    const rules: Array<[string, unknown]> = [
      ['/lockedWhen', entity.lockedWhen],
      ...Object.entries(entity.access).map(([action, rule]): [string, unknown] => [`/access/${action}`, rule]),
      ...Object.entries(entity.verification ?? {}).filter(([key]) => VERIFICATION_RULES.has(key)).map(([key, rule]): [string, unknown] => [`/verification/${key}`, rule]),
    ];
    if (entity.verification) checkVerification(doc, model, fields, problems);
    for (const [pointer, rule] of rules) {
      for (const issue of checkRule(rule, scope)) problems.add(doc, pointer + issue.pointer, issue.message);
    }
  }
}
