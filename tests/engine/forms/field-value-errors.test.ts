import { describe, expect, it } from 'vitest';
import { fieldValueErrors, rowFromValues } from '../../../engine/forms/entity-values.js';
import type { Entity, FieldType } from '../../../engine/metadata/entity-schema.js';
import { element, formOf, TEXTS } from './form-fixtures.js';

/** One text element bound to one field of each type, kept in a column or in ext: the same checks. */
function entityWith(type: FieldType, storage?: 'extension'): Entity {
  return {
    id: 1, name: 'Thing', storage: { kind: 'table', table: 'things' }, access: {},
    fields: [{ id: 'value', type, maxLength: type === 'string' ? 5 : undefined, ...(storage ? { storage } : {}) }],
  };
}

const form = formOf(element(1, 'text', { field: 'value', stimulus: 'Value' }));

describe('fieldValueErrors: a value that does not fit its field is refused, column or extension', () => {
  it.each([
    ['string', 'abcdef', 'Value must be 5 characters or fewer.'],
    ['string', 'abcde', null],
    ['date', '2024-02-30', TEXTS['form.date']],
    ['date', '2024-02-29', null],
    ['datetime', 'yesterday', TEXTS['form.dateTime']],
    ['number', 'twelve', TEXTS['form.invalid']],
    ['number', '12.5', null],
    ['integer', '12.5', TEXTS['form.invalid']],
    ['integer', '12', null],
    ['integer', '', null],
  ] as const)('%s %j', (type, value, message) => {
    for (const storage of [undefined, 'extension'] as const) {
      const entity = entityWith(type, storage);
      const row = rowFromValues(form, entity, { 1: value });
      expect(fieldValueErrors(form, entity, { 1: value }, row, TEXTS)).toEqual(message === null ? {} : { 1: message });
    }
  });
});
