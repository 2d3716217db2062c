import type { TestApp } from './test-app.js';

/** Element ids of the Education form (metadata/forms/education.json). */
export const EDU = { level: 2001, school: 2002, major: 2003, status: 2004, start: 2005, end: 2006, credits: 2007 } as const;
export const LEVEL = { lessThanHighSchool: '1', highSchool: '2', someCollege: '3', technical: '4', associate: '5', bachelor: '6', master: '7', doctoral: '8' } as const;

export interface EducationInput {
  level: string;
  school: string;
  major?: string;
  status?: '1' | '2';
  start?: string;
  end?: string;
  credits?: string;
}

/** Adds an education record through the generic form API, as the browser does. Returns its id. */
export async function addEducation(t: TestApp, token: string, e: EducationInput, ownerId?: number): Promise<number> {
  const responses = [
    { formElementId: EDU.level, value: e.level },
    { formElementId: EDU.school, value: e.school },
    { formElementId: EDU.major, value: e.major ?? null },
    { formElementId: EDU.status, value: e.status ?? '1' },
    { formElementId: EDU.start, value: e.start ?? null },
    { formElementId: EDU.end, value: e.end ?? null },
    { formElementId: EDU.credits, value: e.credits ?? null },
  ];
  const res = await t.post('/api/form/formresponse', {
    response: { formId: 2, elementResponses: responses },
    ...(ownerId ? { primaryEntity: { Id: ownerId, EntityTypeId: 1 } } : {}),
  }, token);
  if (res.statusCode !== 200) throw new Error(`addEducation failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { Id: number }).Id;
}

export interface GridPage {
  status: number;
  rows: Record<string, unknown>[];
  body: string;
}

export async function gridPage(t: TestApp, token: string, body: Record<string, unknown>): Promise<GridPage> {
  const res = await t.post('/api/grid', body, token);
  if (res.statusCode !== 200) return { status: res.statusCode, rows: [], body: res.body };
  if (res.body === 'No Data') return { status: 200, rows: [], body: res.body };
  return { status: 200, rows: (res.json() as { gridData: Record<string, unknown>[] }).gridData, body: res.body };
}

export async function gridTotal(t: TestApp, token: string, body: Record<string, unknown>): Promise<{ total: number; maxUpdatedDate: string | null; totalCapped: boolean }> {
  const res = await t.post('/api/grid/summary', body, token);
  if (res.statusCode !== 200) throw new Error(`summary failed: ${res.statusCode} ${res.body}`);
  return res.json() as { total: number; maxUpdatedDate: string | null; totalCapped: boolean };
}
