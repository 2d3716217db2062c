import type { FormStateContext, FormValues } from '../../engine/forms/form-types.js';
import { rowScope } from '../rules/evaluate.js';
import { FORM_TEXT, formatText } from '../../engine/forms/form-messages.js';
import type { Form } from '../../engine/metadata/form-schema.js';
import type { Registry } from '../../engine/metadata/registry.js';
import type { Database } from '../data/db.js';
import { enabledRecordWithKey, propertyOfKey } from '../data/entity-lookup.js';

/**
 * Autocomplete elements with a source store the key of a record of another entity: a new key must
 * name an enabled record the caller may read (a guessed id is 'Value is invalid', never a 500 from
 * a foreign key). Keys left as they were stored are not checked again.
 */
export async function unknownSourceKeys(db: Database, registry: Registry, form: Form, values: FormValues, before: FormValues, context: FormStateContext): Promise<Record<number, string>> {
  const errors: Record<number, string> = {};
  for (const element of form.elements) {
    const key = values[element.id];
    if (element.type !== 'autocomplete' || !element.source || typeof key !== 'string' || key === '' || key === before[element.id]) continue;
    const entity = registry.entities.get(element.source.entityTypeId);
    const keyProperty = element.source.keyProperty ?? 'id';
    const numeric = keyProperty === 'id' || entity?.fields.find((f) => f.id === keyProperty)?.type === 'integer';
    if (!entity || (numeric && !/^\d{1,9}$/.test(key))) {
      errors[element.id] = formatText(context.texts, FORM_TEXT.invalid);
      continue;
    }
    const scope = await rowScope(context, entity.access.read);
    if (!(await enabledRecordWithKey(db, entity, keyProperty, numeric ? Number(key) : key, scope))) errors[element.id] = formatText(context.texts, FORM_TEXT.invalid);
  }
  return errors;
}

/** The shown value (the source's property) of each autocomplete key a form holds, for the form definition. */
export async function sourceLabels(db: Database, registry: Registry, form: Form, values: FormValues): Promise<Record<number, string>> {
  const labels: Record<number, string> = {};
  for (const element of form.elements) {
    const key = values[element.id];
    const entity = element.source ? registry.entities.get(element.source.entityTypeId) : undefined;
    if (element.type !== 'autocomplete' || !element.source || !entity || typeof key !== 'string' || key === '') continue;
    const keyProperty = element.source.keyProperty ?? 'id';
    const v = await propertyOfKey(db, entity, keyProperty, /^\d{1,9}$/.test(key) ? Number(key) : key, element.source.property);
    if (v !== undefined && v !== null) labels[element.id] = String(v);
  }
  return labels;
}
