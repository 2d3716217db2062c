import { ruleHolds } from '../../engine/rules/json-logic.js';
import type { RuleUser } from '../../engine/rules/rule-context.js';
import { gridPage } from './records.js';
import type { TestApp } from './test-app.js';

/** Element ids of the Employment form (metadata/forms/employment.json) and its position titles. */
export const EMP = { agency: 6001, employer: 6002, title: 6003, start: 6004, end: 6005 } as const;
export const TITLE = { director: '1', assistantDirector: '2', owner: '3', leadTeacher: '4', teacher: '5' } as const;

/** People and organizations come from the one helper of the tests. */
export { addOrganization, addPerson as personWith, type Person } from './people.js';

export interface EmploymentInput { agencyId?: number; employer?: string; title?: string; start?: string; end?: string }

/** Adds (or, with `id`, changes) an employment record through the generic form API; the raw answer. */
export function saveEmployment(t: TestApp, token: string, e: EmploymentInput, id?: number, ownerId?: number) {
  const responses = [
    { formElementId: EMP.agency, value: e.agencyId === undefined ? null : String(e.agencyId) },
    { formElementId: EMP.employer, value: e.employer ?? null },
    { formElementId: EMP.title, value: e.title ?? TITLE.teacher },
    { formElementId: EMP.start, value: e.start ?? '2021-08-16' },
    { formElementId: EMP.end, value: e.end ?? null },
  ];
  return t.post('/api/form/formresponse', {
    response: { formId: 6, elementResponses: responses },
    ...(id ? { entities: [{ Id: id, EntityTypeId: 8 }] } : {}),
    ...(ownerId ? { primaryEntity: { Id: ownerId, EntityTypeId: 1 } } : {}),
  }, token);
}

export async function addEmployment(t: TestApp, token: string, e: EmploymentInput): Promise<number> {
  const res = await saveEmployment(t, token, e);
  if (res.statusCode !== 200) throw new Error(`addEmployment failed: ${res.statusCode} ${res.body}`);
  return res.json<{ Id: number }>().Id;
}

/** The employment grid rows of a person as a viewer sees them (owner grid of entity 8). */
export async function employmentRows(t: TestApp, token: string, ownerId?: number): Promise<Record<string, unknown>[]> {
  return (await gridPage(t, token, { entityTypeId: 8, formId: 6, from: 1, to: 100, ...(ownerId ? { primaryEntity: { Id: ownerId, EntityTypeId: 1 } } : {}) })).rows;
}

export async function employmentRow(t: TestApp, token: string, id: number): Promise<Record<string, unknown>> {
  const row = (await employmentRows(t, token)).find((r) => r.id === id);
  if (!row) throw new Error(`employment ${id} is not in the grid`);
  return row;
}

/** The extra row actions of a grid whose visibility rule holds for the row, as the browser decides them. */
export function visibleActions(t: TestApp, gridId: string, row: Record<string, unknown>, user: RuleUser, tenant = t.registry.tenant.code): string[] {
  const grid = t.registry.grids.get(gridId);
  if (!grid) throw new Error(`no grid ${gridId}`);
  return (grid.rowActions ?? []).filter((a) => ruleHolds(a.visible, { user, tenant, today: '2025-07-01', row }, true)).map((a) => a.id);
}

/** The caller's pending requests at an organization, as a director sees them on the Requests grid. */
export async function requestRows(t: TestApp, token: string, filters: { column: string; value: string | number; operation: string }[] = []) {
  return (await gridPage(t, token, { entityTypeId: 19, formId: 119, from: 1, to: 100, defaultFilters: filters })).rows;
}
