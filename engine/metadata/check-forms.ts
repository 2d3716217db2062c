import type { Entity } from './entity-schema.js';
import type { Form, FormElement } from './form-schema.js';
import { checkUnique, entityLabel, readableFields, type CheckModel, type Doc, type ProblemList } from './check-model.js';
import { FORM_RULE_ROOTS, checkRule, type RuleScope } from './check-rules.js';

interface FormContext {
  doc: Doc<Form>;
  entity: Entity | undefined;
  scope: RuleScope;
  entities: ReadonlyMap<number, Entity>;
  known: CheckModel['known'];
}

function rule(ctx: FormContext, problems: ProblemList, pointer: string, value: unknown): void {
  for (const issue of checkRule(value, ctx.scope)) problems.add(ctx.doc, pointer + issue.pointer, issue.message);
}

function checkSource(ctx: FormContext, problems: ProblemList, element: FormElement, at: string): void {
  const source = element.source;
  if (!source) return;
  const target = ctx.entities.get(source.entityTypeId);
  if (!target) {
    if (!ctx.known.entities.has(source.entityTypeId)) problems.add(ctx.doc, `${at}/source/entityTypeId`, `element source names missing entity ${source.entityTypeId}`);
    return;
  }
  const fields = readableFields(target);
  for (const key of ['property', 'keyProperty'] as const) {
    const name = source[key];
    if (name !== undefined && !fields.has(name)) problems.add(ctx.doc, `${at}/source/${key}`, `element source names missing field '${name}' of ${entityLabel(target)}`);
  }
  if (source.element !== undefined && !ctx.doc.value.elements.some((e) => e.id === source.element && e.id !== element.id)) {
    problems.add(ctx.doc, `${at}/source/element`, `element source names element ${source.element}, which is not another element of form ${ctx.doc.value.id}`);
  }
}

function checkElement(ctx: FormContext, problems: ProblemList, element: FormElement, at: string): void {
  const { doc, entity } = ctx;
  if (element.field !== undefined && entity && !entity.fields.some((f) => f.id === element.field)) {
    problems.add(doc, `${at}/field`, `element names missing field '${element.field}' of ${entityLabel(entity)}`);
  }
  const choices = element.choices ?? [];
  checkUnique(choices, (c) => c.id, (_c, j, id) => problems.add(doc, `${at}/choices/${j}/id`, `choice id ${id} appears twice in element ${element.id}`));
  const choiceIds = new Set(choices.map((c) => c.id));
  const rules = element.rules ?? [];
  checkUnique(rules, (r) => r.id, (_r, j, id) => problems.add(doc, `${at}/rules/${j}/id`, `rule id '${id}' appears twice in element ${element.id}`));
  rules.forEach((r, j) => {
    const rp = `${at}/rules/${j}`;
    rule(ctx, problems, `${rp}/when`, r.when);
    if (r.action === 'setDefault') rule(ctx, problems, `${rp}/value`, r.value);
    if ((r.action === 'reject' || r.action === 'verify' || r.action === 'unverify') && entity && !entity.verification) {
      problems.add(doc, `${rp}/action`, `${r.action} changes a record's verification, but ${entityLabel(entity)} has no verification block`);
    }
    if (r.action === 'filterListChoices') {
      (r.choices ?? []).forEach((id, k) => {
        if (!choiceIds.has(id)) problems.add(doc, `${rp}/choices/${k}`, `filterListChoices names missing choice ${id} of element ${element.id}`);
      });
    }
  });
  (element.comparisons ?? []).forEach((c, k) => {
    if (typeof c.against === 'object' && 'element' in c.against && !ctx.scope.elementIds?.has(c.against.element)) {
      problems.add(doc, `${at}/comparisons/${k}/against/element`, `comparison against missing element ${c.against.element}`);
    }
    rule(ctx, problems, `${at}/comparisons/${k}/when`, c.when);
  });
  checkSource(ctx, problems, element, at);
}

export function checkForms(model: CheckModel, problems: ProblemList): void {
  const entities = new Map(model.entities.map((d) => [d.value.id, d.value]));
  const elementOwner = new Map<number, Form>();
  for (const doc of model.forms) {
    const form = doc.value;
    const entity = entities.get(form.entityTypeId);
    if (!entity && !model.known.entities.has(form.entityTypeId)) problems.add(doc, '/entityTypeId', `form names missing entity ${form.entityTypeId}`);
    const elementIds = new Set(form.elements.map((e) => e.id));
    const ctx: FormContext = { doc, entity, entities, known: model.known, scope: { roots: FORM_RULE_ROOTS, elementIds } };
    form.elements.forEach((element, i) => {
      const owner = elementOwner.get(element.id);
      if (owner) {
        const where = owner === form ? 'twice in this form' : `also in form ${owner.id} (${owner.name})`;
        problems.add(doc, `/elements/${i}/id`, `duplicate element id ${element.id}: ${where}; element ids are unique across all forms`);
      } else {
        elementOwner.set(element.id, form);
      }
      checkElement(ctx, problems, element, `/elements/${i}`);
    });
    const validations = form.preSubmissionValidations ?? [];
    checkUnique(validations, (v) => v.id, (_v, j, id) => problems.add(doc, `/preSubmissionValidations/${j}/id`, `validation id '${id}' appears twice`));
    validations.forEach((v, j) => {
      v.formElementIds.forEach((id, k) => {
        if (!elementIds.has(id)) problems.add(doc, `/preSubmissionValidations/${j}/formElementIds/${k}`, `validation names missing element ${id}`);
      });
      rule(ctx, problems, `/preSubmissionValidations/${j}/when`, v.when);
    });
  }
}
