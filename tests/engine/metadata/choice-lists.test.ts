import { describe, expect, it } from 'vitest';
import type { Tenant } from '../../../engine/metadata/app-schema.js';
import type { RefProblem } from '../../../engine/metadata/check-model.js';
import { expandChoiceLists, namedChoiceLists, withListChoices } from '../../../engine/metadata/choice-lists.js';
import type { Form, FormElement } from '../../../engine/metadata/form-schema.js';
import type { DocRef } from '../../../engine/metadata/origin.js';

const ref: DocRef = { root: null, sources: [], prefix: '' };
const tenant = { code: 'al', trainingRegions: [{ name: 'Birmingham', counties: ['Jefferson'] }, { name: 'Mobile', counties: ['Mobile'] }] } as unknown as Tenant;
const delivery = { value: { id: 'deliveryMethods', choices: [{ id: 1, text: 'Classroom', sequence: 1 }] }, ref };
const form = (element: Partial<FormElement>): Form => ({ id: 1, entityTypeId: 1, name: 'x', elements: [{ id: 10, type: 'dropdown', stimulus: 'X', ...element }] });

describe('named choice lists', () => {
  it.each([
    ['a list document', { choiceList: 'deliveryMethods' }, ['Classroom'], []],
    ["the tenant's training regions", { choiceList: 'trainingRegions' }, ['Birmingham', 'Mobile'], []],
    ['an unknown list', { choiceList: 'nope' }, undefined, ["element 10 names missing choice list 'nope'"]],
    ['a list and choices of its own', { choiceList: 'deliveryMethods', choices: [{ id: 1, text: 'A', sequence: 1 }] }, ['Classroom'], ["element 10 has choiceList 'deliveryMethods' and choices of its own; keep one"]],
    ['no list', { choices: [{ id: 1, text: 'A', sequence: 1 }] }, ['A'], []],
  ])('%s', (_name, element, texts, messages) => {
    const problems: RefProblem[] = [];
    const lists = namedChoiceLists([delivery], tenant, problems);
    const [doc] = expandChoiceLists([{ value: form(element), ref }], lists, problems);
    expect(doc!.value.elements[0]!.choices?.map((c) => c.text)).toEqual(texts);
    expect(problems.map((p) => p.message)).toEqual(messages);
  });

  it('a tenant without training regions offers none; a document may not take that name', () => {
    const problems: RefProblem[] = [];
    const lists = namedChoiceLists([{ value: { id: 'trainingRegions', choices: [{ id: 1, text: 'X', sequence: 1 }] }, ref }], null, problems);
    expect(lists.get('trainingRegions')).toEqual([]);
    expect(problems.map((p) => p.message)).toEqual(["choice list 'trainingRegions' is made from tenant.json; choose another id"]);
  });

  it("gives a form being edited its lists' choices, leaving elements with choices of their own as they are", () => {
    const lists = { deliveryMethods: delivery.value.choices };
    expect(withListChoices(form({ choiceList: 'deliveryMethods' }), lists).elements[0]!.choices?.map((c) => c.text)).toEqual(['Classroom']);
    expect(withListChoices(form({ choiceList: 'deliveryMethods', choices: [{ id: 1, text: 'Own', sequence: 1 }] }), lists).elements[0]!.choices?.map((c) => c.text)).toEqual(['Own']);
    expect(withListChoices(form({ choiceList: 'nope' }), lists).elements[0]!.choices).toBeUndefined();
    const plain = form({});
    expect(withListChoices(plain, lists)).toBe(plain);
  });
});
