import type { Tenant } from './app-schema.js';
import type { Doc } from './check-model.js';
import type { ChoiceList } from './choice-list-schema.js';
import type { Choice, Form, FormElement } from './form-schema.js';
import type { RefProblem } from './check-model.js';

/**
 * Lists made from the tenant file rather than a choice-list document: `trainingRegions` is the
 * tenant's training region names (tenant.json), in their order, each storing its name (none for
 * a tenant without training regions).
 */
export function tenantChoiceLists(tenant: Tenant | null): Map<string, Choice[]> {
  const regions = tenant?.trainingRegions ?? [];
  return new Map([['trainingRegions', regions.map((r, i): Choice => ({ id: i + 1, text: r.name, sequence: i + 1, value: r.name }))]]);
}

/** Every named list: the documents of metadata/choice-lists and the tenant's lists (a document may not take a tenant list's name). */
export function namedChoiceLists(docs: ReadonlyArray<Doc<ChoiceList>>, tenant: Tenant | null, problems: RefProblem[]): Map<string, Choice[]> {
  const lists = tenantChoiceLists(tenant);
  const reserved = new Set(['trainingRegions']);
  for (const { value, ref } of docs) {
    if (reserved.has(value.id)) problems.push({ ref, pointer: '/id', message: `choice list '${value.id}' is made from tenant.json; choose another id` });
    else lists.set(value.id, value.choices);
  }
  return lists;
}

function expandElement(element: FormElement, lists: ReadonlyMap<string, Choice[]>, report: (pointer: string, message: string) => void, at: string): FormElement {
  if (element.choiceList === undefined) return element;
  const choices = lists.get(element.choiceList);
  if (element.choices !== undefined) report(`${at}/choices`, `element ${element.id} has choiceList '${element.choiceList}' and choices of its own; keep one`);
  if (!choices) {
    report(`${at}/choiceList`, `element ${element.id} names missing choice list '${element.choiceList}'`);
    return element;
  }
  return { ...element, choices: choices.map((c) => ({ ...c })) };
}

/**
 * Forms with each `choiceList` element given the list's choices, so the server, the browser and
 * the checks see ordinary choices; unknown lists and elements with both are problems.
 */
export function expandChoiceLists(forms: ReadonlyArray<Doc<Form>>, lists: ReadonlyMap<string, Choice[]>, problems: RefProblem[]): Array<Doc<Form>> {
  return forms.map((doc) => {
    if (!doc.value.elements.some((e) => e.choiceList !== undefined)) return doc;
    const report = (pointer: string, message: string) => problems.push({ ref: doc.ref, pointer, message });
    const elements = doc.value.elements.map((e, i) => expandElement(e, lists, report, `/elements/${i}`));
    return { ...doc, value: { ...doc.value, elements } };
  });
}

/** A form being edited (not compiled): each `choiceList` element without choices of its own given the list's (the builder's preview). */
export function withListChoices(form: Form, lists: Readonly<Record<string, Choice[]>>): Form {
  if (!form.elements.some((e) => e.choiceList !== undefined && e.choices === undefined)) return form;
  return { ...form, elements: form.elements.map((e) => (e.choiceList !== undefined && e.choices === undefined && lists[e.choiceList] ? { ...e, choices: lists[e.choiceList]!.map((c) => ({ ...c })) } : e)) };
}
