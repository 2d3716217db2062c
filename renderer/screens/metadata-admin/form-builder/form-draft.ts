import type { Entity, FieldType } from '../../../../engine/metadata/entity-schema.js';
import type { Choice, ElementType, Form, FormElement } from '../../../../engine/metadata/form-schema.js';

/**
 * The form builder's edits of a form document, as pure functions: each takes the form and answers
 * a new one. New ids are chosen above every id in use (the server refuses a reused id as well).
 */

/** The smallest integer above every given id (at least `floor`). */
export function nextId(used: Iterable<number>, floor = 1): number {
  let max = floor - 1;
  for (const id of used) if (id > max) max = id;
  return max + 1;
}

/** Every form element id of the given forms. */
export function elementIdsOf(forms: readonly Pick<Form, 'elements'>[]): number[] {
  return forms.flatMap((f) => f.elements.map((e) => e.id));
}

/** The kinds of element that offer choices. */
const CHOICE_TYPES: ReadonlySet<ElementType> = new Set(['dropdown', 'radio', 'checkbox']);
export const hasChoices = (type: ElementType): boolean => CHOICE_TYPES.has(type);

/** The entity field type an element of this type (and subtype) stores its value in. */
export function fieldTypeFor(type: ElementType, subtype?: string): FieldType {
  if (type === 'checkbox') return 'boolean';
  if (type === 'textarea' || type === 'richtext') return 'text';
  if (type === 'entitycrossreference') return 'integer';
  if (type === 'text' && subtype === 'date') return 'date';
  if (type === 'text' && (subtype === 'float' || subtype === 'number')) return 'number';
  if (type === 'text' && subtype === 'integer') return 'integer';
  return 'string';
}

/** A field id (`^[a-z][A-Za-z0-9]*$`) from a label: camel case of its words, unique among `taken`. */
export function fieldIdFrom(label: string, taken: Iterable<string>): string {
  const words = label.normalize('NFKD').replace(/[^A-Za-z0-9 ]+/g, ' ').trim().split(/\s+/).filter(Boolean);
  let base = words.map((w, i) => (i === 0 ? w.toLowerCase() : w[0]!.toUpperCase() + w.slice(1).toLowerCase())).join('');
  if (!/^[a-z]/.test(base)) base = `field${base.charAt(0).toUpperCase()}${base.slice(1)}`;
  const used = new Set(taken);
  let id = base;
  for (let n = 2; used.has(id); n++) id = `${base}${n}`;
  return id;
}

/** A new element of the given type at the end of the form. */
export function addElement(form: Form, type: ElementType, id: number, stimulus: string): Form {
  const element: FormElement = { id, type, stimulus, width: type === 'textarea' || type === 'richtext' ? 12 : 6 };
  if (hasChoices(type)) element.choices = [{ id: 1, text: type === 'checkbox' ? stimulus : 'Choice 1', sequence: 1 }];
  return { ...form, elements: [...form.elements, element] };
}

/** Moves the element one place up (-1) or down (+1); unchanged at either end. */
export function moveElement(form: Form, id: number, by: -1 | 1): Form {
  const i = form.elements.findIndex((e) => e.id === id);
  const j = i + by;
  if (i < 0 || j < 0 || j >= form.elements.length) return form;
  const elements = [...form.elements];
  [elements[i], elements[j]] = [elements[j]!, elements[i]!];
  return { ...form, elements };
}

export function removeElement(form: Form, id: number): Form {
  return { ...form, elements: form.elements.filter((e) => e.id !== id) };
}

/** Sets some properties of one element; a property given as undefined (or an empty text other than the label) is left out. */
export function updateElement(form: Form, id: number, change: Partial<FormElement>): Form {
  return {
    ...form,
    elements: form.elements.map((e) => {
      if (e.id !== id) return e;
      const next: Record<string, unknown> = { ...e, ...change };
      for (const [k, v] of Object.entries(next)) if (v === undefined || (v === '' && k !== 'stimulus')) delete next[k];
      return next as FormElement;
    }),
  };
}

/** Choices numbered again by their order (sequence 1, 2, ...). */
function sequenced(choices: Choice[]): Choice[] {
  return choices.map((c, i) => ({ ...c, sequence: i + 1 }));
}

export function addChoice(choices: readonly Choice[], text: string): Choice[] {
  return sequenced([...choices, { id: nextId(choices.map((c) => c.id)), text, sequence: 0 }]);
}

export function moveChoice(choices: readonly Choice[], id: number, by: -1 | 1): Choice[] {
  const i = choices.findIndex((c) => c.id === id);
  const j = i + by;
  if (i < 0 || j < 0 || j >= choices.length) return [...choices];
  const next = [...choices];
  [next[i], next[j]] = [next[j]!, next[i]!];
  return sequenced(next);
}

export function removeChoice(choices: readonly Choice[], id: number): Choice[] {
  return sequenced(choices.filter((c) => c.id !== id));
}

/** Sets a choice's text or value (an empty value is left out: the text is stored). */
export function updateChoice(choices: readonly Choice[], id: number, change: { text?: string; value?: string }): Choice[] {
  return choices.map((c) => {
    if (c.id !== id) return c;
    const next: Choice = { ...c, ...change };
    if (!next.value) delete next.value;
    return next;
  });
}

/** The entity with a new field (for an element bound to a field that does not exist yet). */
export function addField(entity: Entity, id: string, type: FieldType, label: string): Entity {
  if (entity.fields.some((f) => f.id === id)) return entity;
  return { ...entity, fields: [...entity.fields, { id, type, label }] };
}

/** The fields a form element may be bound to: the entity's fields that are not set by the server. */
export function bindableFields(entity: Entity | null): Entity['fields'] {
  return entity ? entity.fields.filter((f) => !f.system && !f.computed) : [];
}

/** The entity with one field's type changed (a field made in this session follows its element's kind of text). */
export function retypeField(entity: Entity, id: string, type: FieldType): Entity {
  return { ...entity, fields: entity.fields.map((f) => (f.id === id && f.type !== type ? { ...f, type } : f)) };
}
