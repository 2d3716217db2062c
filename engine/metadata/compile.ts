import type { Role, Route, Tenant, TenantFile, TextCatalogue } from './app-schema.js';
import { DEFAULT_TIME_ZONE, isTimeZone } from '../rules/today.js';
import { checkReferences, type CheckModel, type Doc } from './check-references.js';
import type { RefProblem } from './check-model.js';
import type { Entity } from './entity-schema.js';
import type { Choice, Form, FormElement } from './form-schema.js';
import type { Grid } from './grid-schema.js';
import { mergeArrayFiles, mergeDocuments, mergeTexts, orderFiles, type MergedDoc } from './layers.js';
import { locate, type DocRef } from './origin.js';
import { isPlainObject } from './overlay.js';
import type { MetadataFile, MetadataKind, MetadataProblem, Registry } from './registry.js';
import { compileRuleLibrary, inlineRuleReferences } from './rule-library.js';
import { validateDocument } from './validate.js';
import { checkWork } from './check-work.js';
import { checkRouteTexts } from './check-routes.js';
import { ProblemList } from './check-model.js';
import type { WorkItem } from './work-schema.js';
import { checkReports } from './check-reports.js';
import type { Report } from './report-schema.js';
import type { ResumeSection } from './resume-schema.js';
import { checkResume } from './check-resume.js';
import { checkWorkflows } from './check-workflows.js';
import type { Workflow } from './workflow-schema.js';
import { checkNotifications } from './check-notifications.js';
import type { NotificationKind, NotificationKindSettings } from './notification-schema.js';
import { checkMessaging } from './check-messaging.js';
import { NO_MESSAGING, type Messaging } from './messaging-schema.js';
import { checkInboxes } from './check-inboxes.js';
import type { Inbox } from './inbox-schema.js';
import type { ChoiceList } from './choice-list-schema.js';
import type { Relation } from './relation-schema.js';
import { checkRelations, checkRelationUses } from './check-relations.js';
import { expandChoiceLists, namedChoiceLists } from './choice-lists.js';
import { checkLattice } from './check-lattice.js';
import type { Lattice } from './lattice-schema.js';

export interface CompileResult {
  registry: Registry | null;
  problems: MetadataProblem[];
}

function problemAt(ref: DocRef, pointer: string, message: string): MetadataProblem {
  return { ...locate(ref, pointer), message };
}

/** Validates merged documents; returns the valid ones, typed by their kind's schema. */
function validDocs<T>(kind: MetadataKind, docs: readonly MergedDoc[], problems: MetadataProblem[]): Array<Doc<T>> {
  const out: Array<Doc<T>> = [];
  for (const doc of docs) {
    const issues = validateDocument(kind, doc.value);
    for (const issue of issues) problems.push(problemAt(doc.ref, issue.pointer, issue.message));
    if (issues.length === 0) out.push({ value: doc.value as T, ref: doc.ref });
  }
  return out;
}

/** A kind held in one file overlaid layer over layer (career-lattice.json): the document when valid, null without the file. */
function validItem<T>(kind: MetadataKind, doc: MergedDoc | null, problems: MetadataProblem[]): Doc<T> | null {
  if (!doc) return null;
  const issues = validateDocument(kind, doc.value);
  for (const issue of issues) problems.push(problemAt(doc.ref, issue.pointer, issue.message));
  return issues.length === 0 ? { value: doc.value as T, ref: doc.ref } : null;
}

/** routes.json / roles.json: validated as a whole, then used item by item (a bad item drops out alone). */
function validItems<T>(kind: MetadataKind, doc: MergedDoc | null, problems: MetadataProblem[]): Array<Doc<T>> {
  if (!doc) return [];
  const issues = validateDocument(kind, doc.value);
  for (const issue of issues) problems.push(problemAt(doc.ref, issue.pointer, issue.message));
  if (!Array.isArray(doc.value) || issues.some((i) => i.pointer === '')) return [];
  const bad = new Set(issues.map((i) => i.pointer.split('/')[1]));
  return doc.value.flatMap((value: unknown, i) =>
    bad.has(String(i)) ? [] : [{ value: value as T, ref: { ...doc.ref, prefix: `/${i}` } }]);
}

function idsOf<K>(values: readonly unknown[], accept: (id: unknown) => id is K): Set<K> {
  return new Set(values.flatMap((v) => (isPlainObject(v) && accept(v.id) ? [v.id] : [])));
}
const isNumber = (id: unknown): id is number => typeof id === 'number';
const isString = (id: unknown): id is string => typeof id === 'string';

function compileTenant(files: readonly MetadataFile[], tenantCode: string, problems: MetadataProblem[]): Tenant | null {
  for (const f of files.filter((x) => x.layer === 'base')) {
    problems.push({ file: f.path, pointer: '', message: `tenant.json belongs in a tenant folder (tenants/<code>/), not in the base metadata` });
  }
  const own = files.filter((x) => x.layer === 'tenant');
  const expected = `tenants/${tenantCode}/tenant.json`;
  const file = own[0];
  if (!file) {
    problems.push({ file: expected, pointer: '', message: `tenant '${tenantCode}' has no tenant.json; every tenant needs one (code, productName, idLabel, agencyWord, staffRoleLabel, termsTitle, features)` });
    return null;
  }
  for (const extra of own.slice(1)) problems.push({ file: extra.path, pointer: '', message: `a second tenant.json for tenant '${tenantCode}' (the first is ${file.path})` });
  // the administrators' layer may replace the tenant's document (issue 13)
  const layered = [file, ...files.filter((x) => x.layer === 'admin')];
  const doc = mergeArrayFiles(layered)!;
  const at = (pointer: string) => locate(doc.ref, pointer);
  const issues = validateDocument('tenant', doc.value);
  for (const issue of issues) problems.push({ ...at(issue.pointer), message: issue.message });
  if (issues.length > 0) return null;
  const tenant = doc.value as TenantFile;
  if (tenant.code !== tenantCode) problems.push({ ...at('/code'), message: `tenant code '${tenant.code}' does not match its folder '${tenantCode}'` });
  if (tenant.timeZone !== undefined && !isTimeZone(tenant.timeZone)) problems.push({ ...at('/timeZone'), message: `'${tenant.timeZone}' is not an IANA time zone (e.g. America/Chicago)` });
  return { ...tenant, timeZone: tenant.timeZone ?? DEFAULT_TIME_ZONE };
}

function buildRegistry(model: CheckModel, tenant: Tenant, texts: TextCatalogue, rules: ReadonlyMap<string, unknown>, relations: ReadonlyArray<Doc<Relation>>, workflows: ReadonlyArray<Doc<Workflow>>,
  notifications: ReadonlyArray<Doc<NotificationKindSettings>>, messaging: Messaging, inboxes: ReadonlyArray<Doc<Inbox>>, choiceLists: ReadonlyMap<string, Choice[]>,
  resumeSections: ReadonlyArray<Doc<ResumeSection>>, lattice: Lattice | null): Registry {
  const elements = new Map<number, { form: Form; element: FormElement }>();
  for (const { value: form } of model.forms) for (const element of form.elements) elements.set(element.id, { form, element });
  return {
    tenant,
    entities: new Map(model.entities.map((d): [number, Entity] => [d.value.id, d.value])),
    forms: new Map(model.forms.map((d): [number, Form] => [d.value.id, d.value])),
    grids: new Map(model.grids.map((d): [string, Grid] => [d.value.id, d.value])),
    routes: model.routes.map((d): Route => d.value),
    roles: new Map(model.roles.map((d): [string, Role] => [d.value.id, d.value])),
    texts,
    work: model.work.map((d): WorkItem => d.value).sort((a, b) => (a.sequence ?? 0) - (b.sequence ?? 0)),
    rules,
    relations: new Map(relations.map((d): [string, Relation] => [d.value.id, d.value])),
    reports: new Map(model.reports.map((d): [string, Report] => [d.value.id, d.value])),
    resumeSections: resumeSections.map((d) => d.value).sort((a, b) => a.sequence - b.sequence),
    workflows: new Map(workflows.map((d): [string, Workflow] => [d.value.id, d.value])),
    notifications: new Map(notifications.map((d): [NotificationKind, NotificationKindSettings] => [d.value.id, d.value])),
    messaging,
    inboxes: new Map(inboxes.map((d): [string, Inbox] => [d.value.id, d.value])),
    elements,
    choiceLists,
    lattice,
  };
}

/** messaging.json (base overlaid by the tenant's): validated and checked; none without the file. */
function compileMessaging(doc: MergedDoc | null, texts: TextCatalogue, roles: ReadonlySet<string>, problems: MetadataProblem[]): Messaging {
  if (!doc) return NO_MESSAGING;
  const issues = validateDocument('messaging', doc.value);
  for (const issue of issues) problems.push(problemAt(doc.ref, issue.pointer, issue.message));
  if (issues.length > 0) return NO_MESSAGING;
  const valid = { value: doc.value as Messaging, ref: doc.ref };
  for (const p of checkMessaging(valid, texts, roles)) problems.push(problemAt(doc.ref, p.pointer, p.message));
  return valid.value;
}

/**
 * Compiles the rule library and inlines its references in every file, overlays a tenant's files
 * over the base metadata, validates every document, checks references and builds the Registry. Pure and deterministic; `registry` is null whenever there is a problem.
 */
export function compileMetadata(files: readonly MetadataFile[], tenantCode: string): CompileResult {
  const problems: MetadataProblem[] = [];
  const all = orderFiles(files);
  const rules = compileRuleLibrary(all.filter((f) => f.kind === 'rule'));
  const inlined = inlineRuleReferences(all.filter((f) => f.kind !== 'rule'), rules.library);
  problems.push(...rules.problems, ...inlined.problems);
  const ordered = inlined.files;
  const ofKind = (kind: MetadataKind): MetadataFile[] => ordered.filter((f) => f.kind === kind);

  const merged = {
    entities: mergeDocuments(ofKind('entity'), 'entity'),
    forms: mergeDocuments(ofKind('form'), 'form'),
    grids: mergeDocuments(ofKind('grid'), 'grid'),
    texts: mergeTexts(ofKind('text')),
    workflows: mergeDocuments(ofKind('workflow'), 'workflow'),
    inboxes: mergeDocuments(ofKind('inbox'), 'inbox'),
    choiceLists: mergeDocuments(ofKind('choiceList'), 'choiceList'),
  };
  for (const m of Object.values(merged)) problems.push(...m.problems);
  const routes = mergeArrayFiles(ofKind('route'));
  const roles = mergeArrayFiles(ofKind('role'));
  const work = mergeArrayFiles(ofKind('work'));
  const reports = mergeArrayFiles(ofKind('report'));
  const notificationKinds = mergeArrayFiles(ofKind('notification'));
  const relationFile = mergeArrayFiles(ofKind('relation'));
  const resumeFile = mergeArrayFiles(ofKind('resume'));

  const tenant = compileTenant(ofKind('tenant'), tenantCode, problems);
  const listProblems: RefProblem[] = [];
  const choiceLists = namedChoiceLists(validDocs<ChoiceList>('choiceList', merged.choiceLists.result, problems), tenant, listProblems);
  const model: CheckModel = {
    entities: validDocs<Entity>('entity', merged.entities.result, problems),
    forms: expandChoiceLists(validDocs<Form>('form', merged.forms.result, problems), choiceLists, listProblems),
    grids: validDocs<Grid>('grid', merged.grids.result, problems),
    routes: validItems<Route>('route', routes, problems),
    roles: validItems<Role>('role', roles, problems),
    work: validItems<WorkItem>('work', work, problems),
    reports: validItems<Report>('report', reports, problems),
    known: {
      entities: idsOf(merged.entities.result.map((d) => d.value), isNumber),
      forms: idsOf(merged.forms.result.map((d) => d.value), isNumber),
      grids: idsOf(merged.grids.result.map((d) => d.value), isString),
      inboxes: idsOf(merged.inboxes.result.map((d) => d.value), isString),
      routes: idsOf(Array.isArray(routes?.value) ? routes.value : [], isString),
      roles: idsOf(Array.isArray(roles?.value) ? roles.value : [], isString),
      declaredRoles: idsOf(ofKind('role').flatMap((f) => (Array.isArray(f.data) ? f.data : [])), isString),
    },
  };
  const relations = validItems<Relation>('relation', relationFile, problems);
  const workflows = validDocs<Workflow>('workflow', merged.workflows.result, problems);
  const notifications = validItems<NotificationKindSettings>('notification', notificationKinds, problems);
  const inboxes = validDocs<Inbox>('inbox', merged.inboxes.result, problems);
  const resumeSections = validItems<ResumeSection>('resume', resumeFile, problems);
  const texts = merged.texts.result;
  for (const issue of validateDocument('text', texts.value)) problems.push(problemAt(texts.ref, issue.pointer, issue.message));
  const workProblems = new ProblemList();
  const catalogue = isPlainObject(texts.value) ? (texts.value as TextCatalogue) : {};
  checkRelations(model, relations, workProblems);
  problems.push(...checkRelationUses(all, new Set(relations.map((d) => d.value.id))));
  checkWork(model, catalogue, workProblems);
  checkRouteTexts(model, catalogue, workProblems);
  checkReports(model, catalogue, workProblems);
  checkResume(model, resumeSections, catalogue, workProblems);
  checkWorkflows(model, workflows, catalogue, workProblems);
  checkNotifications(model, notifications, catalogue, workProblems);
  checkInboxes(inboxes, catalogue, workProblems);
  for (const p of [...listProblems, ...checkReferences(model), ...workProblems.items]) problems.push(problemAt(p.ref, p.pointer, p.message));
  const messaging = compileMessaging(mergeArrayFiles(ofKind('messaging')), catalogue, model.known.declaredRoles, problems);
  const lattice = validItem<Lattice>('lattice', mergeArrayFiles(ofKind('lattice')), problems);
  const latticeProblems = new ProblemList();
  if (lattice) checkLattice(lattice, model, catalogue, latticeProblems);
  for (const p of latticeProblems.items) problems.push(problemAt(p.ref, p.pointer, p.message));

  if (problems.length > 0 || !tenant) return { registry: null, problems };
  return { registry: buildRegistry(model, tenant, texts.value as TextCatalogue, rules.library.rules, relations, workflows, notifications, messaging, inboxes, choiceLists, resumeSections, lattice?.value ?? null), problems };
}
