import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qrisCycleOn } from '../../engine/reports/qris-cycle.js';
import { todayIn } from '../../engine/rules/today.js';
import { insertRow } from '../../server/data/entity-store.js';
import { addEmployment, TITLE } from '../support/employment.js';
import { pdf } from '../support/file-samples.js';
import { setFeature } from '../support/features.js';
import { addOrganization, addPerson, type Person } from '../support/people.js';
import { addEndorsement, addRecordId, CERTIFICATION, COMMUNITY_SERVICE, MEMBERSHIP } from '../support/personal-records.js';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../support/test-app.js';
import { addCourse, addCourseWithSection, addEnrollment, addSection, addSessionOfCourse } from '../support/training.js';
import { saveEducationWithFile, upload, uploaded } from '../support/uploads.js';

/**
 * Every /api call that takes the id of a person or a record, tried with professional A's ids by
 * B (staff elsewhere), D2 (director elsewhere) and D1 (A's director). Refusals change nothing and
 * tell nothing; lists answer no rows. A route the server registers without a case here fails.
 */

type Who = 'B' | 'D2' | 'D1';
/** deny: a refusal; empty: 200 without A's rows; rows: 200 with A's rows; allow: 200; skip: a change A's director may make, tested elsewhere */
type Outcome = 'deny' | 'empty' | 'rows' | 'allow' | 'skip';
interface Case {
  route: string;
  name: string;
  call: (p: Person) => Promise<LightMyRequestResponse>;
  as: Record<Who, Outcome>;
  /** refusal statuses other than 403/404 (calls proven by a code: a wrong code is a 400) */
  refusals?: number[];
  /** false: A does not list her own rows here either (a grid whose `rows` rule follows another role's organizations) */
  ownRows?: boolean;
}

let t: TestApp;
const p = {} as Record<'A' | Who, Person>;
let org1: number;
let org2: number;
/** a trainer report of A's, submitted (entity 27) */
let trainerReportId = 0;
const ids = { coaching: 0, coachingLine: 0, coach: 0, notification: 0, education: 0, certification: 0, training: 0, communityService: 0, membership: 0, employment: 0, endorsement: 0, verification: 0, pendingRequest: 0, report: 0, fileId: 0, fileKey: '', fileSetId: '', message: 0, section: 0, enrollment: 0, pdpTraining: 0, pdpGoal: 0, pdpAssessment: 0, resume: 0, resumeFileKey: '', referenceRequest: 0 };

/** A's record types: where they live, what marks them in an answer, and whether A's director reads them. */
const RECORDS = [
  { key: 'education', entityTypeId: 4, formId: 2, marker: 'Ana Secret College', directorReads: true },
  { key: 'certification', entityTypeId: 7, formId: 5, marker: 'Child Development Associate', directorReads: true },
  { key: 'training', entityTypeId: 3, formId: 7, marker: 'Ana Secret Training', directorReads: true },
  { key: 'communityService', entityTypeId: 5, formId: 3, marker: 'Second Harvest Food Bank', directorReads: false },
  { key: 'membership', entityTypeId: 6, formId: 4, marker: 'National Association for the Education', directorReads: false },
  { key: 'employment', entityTypeId: 8, formId: 6, marker: 'Acorns Guessed Academy', directorReads: true },
  { key: 'pdpTraining', entityTypeId: 11, formId: 10, marker: 'Ana Secret Required Training', directorReads: true },
  { key: 'pdpGoal', entityTypeId: 12, formId: 11, marker: 'Ana Secret Goal', directorReads: true },
  { key: 'pdpAssessment', entityTypeId: 13, formId: 12, marker: 'Professionalism and Professional Development', directorReads: true },
] as const;

const ALL_DENY = { B: 'deny', D2: 'deny', D1: 'deny' } as const;
const DIRECTOR_READS = { B: 'deny', D2: 'deny', D1: 'allow' } as const;
const DIRECTOR_DECIDES = { B: 'deny', D2: 'deny', D1: 'skip' } as const;
const PUBLIC = { B: 'allow', D2: 'allow', D1: 'allow' } as const;
const listed = (directorReads: boolean) => ({ B: 'empty', D2: 'empty', D1: directorReads ? 'rows' : 'empty' } as const);
const DIRECTOR_READS_LIST = listed(true);

const del = (url: string, body: unknown, token: string) => t.app.inject({ method: 'DELETE', url, payload: body as object, headers: { authorization: `Bearer ${token}` } });
const firstElement = (formId: number) => t.registry.forms.get(formId)!.elements[0]!.id;

/** A course with a session whose trainer is A (issue 14): only its trainer and managers read or delete it. */
const course = { courseId: 0, sectionId: 0 };
function trainingCases(): Case[] {
  return [
    { route: 'GET /api/course/trainingprops', name: 'reads A\'s course', as: ALL_DENY, call: (w) => t.get(`/api/course/trainingprops?trainingId=${course.courseId}`, w.token) },
    { route: 'GET /api/coursesection/sectionprops', name: 'reads A\'s session', as: ALL_DENY, call: (w) => t.get(`/api/coursesection/sectionprops?trainingId=${course.sectionId}`, w.token) },
    { route: 'GET /api/coursesection/getsectionbyid', name: 'reads the detail of A\'s session (public to the signed-in)', as: PUBLIC, call: (w) => t.get(`/api/coursesection/getsectionbyid?trainingId=${course.sectionId}`, w.token) },
    { route: 'POST /api/course/deletecourse', name: 'deletes A\'s course', as: ALL_DENY, call: (w) => t.post('/api/course/deletecourse', { courseId: course.courseId, userId: p.A.id }, w.token) },
    { route: 'POST /api/coursesection/deletesection', name: 'deletes A\'s session', as: ALL_DENY, call: (w) => t.post('/api/coursesection/deletesection', { courseSectionId: course.sectionId, userId: p.A.id }, w.token) },
  ];
}

function recordCases(): Case[] {
  return RECORDS.flatMap((r): Case[] => {
    const ref = () => ({ Id: ids[r.key], EntityTypeId: r.entityTypeId });
    const action = () => ({ entityTypeId: r.entityTypeId, entityId: ids[r.key] });
    const owner = () => ({ Id: p.A.id, EntityTypeId: 1 });
    const grid = () => ({ entityTypeId: r.entityTypeId, formId: r.formId, from: 1, to: 100, primaryEntity: owner() as object });
    const read = r.directorReads ? DIRECTOR_READS : ALL_DENY;
    const cases: Case[] = [
      { route: 'POST /api/form', name: `reads A's ${r.key}`, as: read, call: (w) => t.post('/api/form', { formid: r.formId, entities: [ref()] }, w.token) },
      { route: 'POST /api/form', name: `opens a new ${r.key} form for A`, as: ALL_DENY, call: (w) => t.post('/api/form', { formid: r.formId, primaryEntity: owner() }, w.token) },
      { route: 'POST /api/form/formresponse', name: `changes A's ${r.key}`, as: ALL_DENY, call: (w) => t.post('/api/form/formresponse', { response: { formId: r.formId, elementResponses: [] }, entities: [ref()] }, w.token) },
      { route: 'POST /api/form/formresponse', name: `adds a ${r.key} to A`, as: ALL_DENY, call: (w) => t.post('/api/form/formresponse', { response: { formId: r.formId, elementResponses: [] }, primaryEntity: owner() }, w.token) },
      { route: 'POST /api/form/presubmissionvalidation', name: `validates against A's ${r.key}`, as: read, call: (w) => t.post('/api/form/presubmissionvalidation', { validations: [{ formElementId: firstElement(r.formId), value: null }], entities: [ref()] }, w.token) },
      { route: 'POST /api/form/presubmissionvalidation', name: `validates a new ${r.key} of A`, as: ALL_DENY, call: (w) => t.post('/api/form/presubmissionvalidation', { validations: [{ formElementId: firstElement(r.formId), value: null }], primaryEntity: owner() }, w.token) },
      { route: 'POST /api/form/entitycrossreferenceproperty', name: `reads a property of A's ${r.key}`, as: read, call: (w) => t.post('/api/form/entitycrossreferenceproperty', { ...action(), propertyId: 'id' }, w.token) },
      { route: 'POST /api/grid/disable', name: `disables A's ${r.key}`, as: ALL_DENY, call: (w) => t.post('/api/grid/disable', { ...action(), disable: true }, w.token) },
      { route: 'POST /api/grid/delete', name: `deletes A's ${r.key}`, as: ALL_DENY, call: (w) => t.post('/api/grid/delete', action(), w.token) },
      { route: 'POST /api/grid', name: `lists A's ${r.key}`, as: listed(r.directorReads), call: (w) => t.post('/api/grid', grid(), w.token) },
      { route: 'POST /api/grid/summary', name: `counts A's ${r.key}`, as: listed(r.directorReads), call: (w) => t.post('/api/grid/summary', grid(), w.token) },
    ];
    for (const g of [...t.registry.grids.values()].filter((x) => x.entityTypeId === r.entityTypeId && x.altGridId)) {
      cases.push({ route: 'POST /api/grid', name: `lists A's ${r.key} on grid ${g.id}`, as: listed(r.directorReads), ownRows: g.rows === undefined, call: (w) => t.post('/api/grid', { ...grid(), altGridId: g.altGridId }, w.token) });
    }
    if ([...t.registry.grids.values()].some((g) => g.entityTypeId === r.entityTypeId && g.exports?.includes('csv'))) {
      cases.push({ route: 'POST /api/form/flatfile', name: `exports A's ${r.key}`, as: listed(r.directorReads), call: (w) => t.post('/api/form/flatfile', { formId: r.formId, entityType: r.entityTypeId, primaryEntityId: p.A.id, fileType: 'csv' }, w.token) });
    }
    for (const field of t.registry.entities.get(r.entityTypeId)!.fields.filter((f) => f.searchable)) {
      cases.push({ route: 'POST /api/form/entitycrossreference', name: `searches ${r.key}.${field.id} for A's value`, as: listed(r.directorReads), call: (w) => t.post('/api/form/entitycrossreference', { entityTypeId: r.entityTypeId, ecrSearchPropertyId: field.id, searchString: r.marker.slice(0, 6) }, w.token) });
    }
    return cases;
  });
}

function otherCases(): Case[] {
  const A = () => p.A.id;
  const cert = () => ({ entityTypeId: 7, entityId: ids.certification });
  return [
    { route: 'POST /api/form', name: 'reads A\'s profile (user 1)', as: ALL_DENY, call: (w) => t.post('/api/form', { formid: 1, entities: [{ Id: A(), EntityTypeId: 1 }] }, w.token) },
    { route: 'POST /api/form/formresponse', name: 'changes A\'s profile (user 1)', as: ALL_DENY, call: (w) => t.post('/api/form/formresponse', { response: { formId: 1, elementResponses: [] }, entities: [{ Id: A(), EntityTypeId: 1 }] }, w.token) },
    { route: 'POST /api/grid', name: 'lists verification requests (A\'s certification)', as: DIRECTOR_READS_LIST, call: (w) => t.post('/api/grid', { entityTypeId: 15, formId: 19, from: 1, to: 100 }, w.token) },
    { route: 'POST /api/grid', name: 'lists role requests (A\'s director request)', as: DIRECTOR_READS_LIST, call: (w) => t.post('/api/grid', { entityTypeId: 19, formId: 119, from: 1, to: 100 }, w.token) },
    { route: 'POST /api/grid/summary', name: 'counts verification requests', as: DIRECTOR_READS_LIST, call: (w) => t.post('/api/grid/summary', { entityTypeId: 15, formId: 19 }, w.token) },
    { route: 'GET /api/file/u/:key', name: 'downloads A\'s transcript by key', as: DIRECTOR_READS, call: (w) => t.get(`/api/file/u/${ids.fileKey}`, w.token) },
    { route: 'GET /api/file/s/:key', name: 'asks for A\'s transcript as a system file', as: ALL_DENY, call: (w) => t.get(`/api/file/s/${ids.fileKey}`, w.token) },
    { route: 'GET /api/file/r/:key', name: 'asks for A\'s transcript as a report', as: ALL_DENY, call: (w) => t.get(`/api/file/r/${ids.fileKey}`, w.token) },
    { route: 'GET /api/file/l/:key', name: 'reads the details of A\'s transcript', as: DIRECTOR_READS, call: (w) => t.get(`/api/file/l/${ids.fileKey}`, w.token) },
    { route: 'GET /api/file/c/:fileId', name: 'opens A\'s transcript by id', as: DIRECTOR_READS, call: (w) => t.get(`/api/file/c/${ids.fileId}`, w.token) },
    { route: 'POST /api/enrollment/setattendance', name: 'marks A\'s enrollment Completed', as: ALL_DENY, call: (w) => t.post('/api/enrollment/setattendance', { enrollmentRecordIds: [ids.enrollment], status: 1 }, w.token) },
    { route: 'DELETE /api/file', name: 'deletes A\'s transcript by key', as: ALL_DENY, call: (w) => del('/api/file', { fileKey: ids.fileKey, entityTypeId: 4, primaryEntityId: A() }, w.token) },
    { route: 'DELETE /api/file', name: 'deletes A\'s transcript by id', as: ALL_DENY, call: (w) => del('/api/file', { fileId: ids.fileId, entityTypeId: 4 }, w.token) },
    { route: 'POST /api/file/upload', name: 'uploads into A\'s file set', as: ALL_DENY, call: (w) => upload(t, w.token, { fileName: 'other.pdf', bytes: pdf('Other'), fileSetId: ids.fileSetId }) },
    { route: 'GET /api/userrecords', name: 'opens A\'s user records', as: DIRECTOR_READS, call: (w) => t.get(`/api/userrecords?userId=${A()}`, w.token) },
    { route: 'GET /api/attestation', name: 'lists A\'s attestations', as: DIRECTOR_READS, call: (w) => t.get(`/api/attestation?userId=${A()}`, w.token) },
    { route: 'POST /api/attestation', name: 'attests for A at A\'s employer', as: DIRECTOR_DECIDES, call: (w) => t.post('/api/attestation', { userId: A(), organizationId: org1, approved: true }, w.token) },
    { route: 'POST /api/attestation', name: 'attests for A at the caller\'s own organization', as: ALL_DENY, call: (w) => t.post('/api/attestation', { userId: A(), organizationId: org2, approved: true }, w.token) },
    { route: 'GET /api/endorsement/detail/:id', name: 'reads A\'s endorsement', as: DIRECTOR_READS, call: (w) => t.get(`/api/endorsement/detail/${ids.endorsement}`, w.token) },
    { route: 'POST /api/verification/request', name: 'asks to verify A\'s education', as: ALL_DENY, call: (w) => t.post('/api/verification/request', { entityTypeId: 4, entityId: ids.education }, w.token) },
    { route: 'POST /api/verification', name: 'verifies A\'s certification', as: DIRECTOR_DECIDES, call: (w) => t.post('/api/verification', { ...cert(), isVerified: true, action: 'verify' }, w.token) },
    { route: 'POST /api/verification', name: 'declines A\'s certification', as: DIRECTOR_DECIDES, call: (w) => t.post('/api/verification', { ...cert(), isVerified: false, action: 'decline', comments: 'No.' }, w.token) },
    { route: 'GET /api/verification', name: 'reads the history of A\'s verification', as: DIRECTOR_READS, call: (w) => t.get(`/api/verification?verificationId=${ids.verification}`, w.token) },
    { route: 'GET /api/verification/status', name: 'reads the verification status of A\'s certification', as: DIRECTOR_READS, call: (w) => t.get(`/api/verification/status?entityTypeId=7&entityId=${ids.certification}`, w.token) },
    { route: 'GET /api/verification/outcome', name: 'reads the verification outcome of A\'s certification', as: DIRECTOR_READS, call: (w) => t.get(`/api/verification/outcome?entityTypeId=7&entityId=${ids.certification}`, w.token) },
    { route: 'POST /api/verification/view', name: 'views A\'s certification for review', as: DIRECTOR_READS, call: (w) => t.post('/api/verification/view', cert(), w.token) },
    { route: 'POST /api/userorganizationroles/request', name: 'requests a role on A\'s employment', as: ALL_DENY, call: (w) => t.post('/api/userorganizationroles/request', { employmentRecordId: ids.employment, requestType: 100 }, w.token) },
    { route: 'POST /api/userorganizationroles/requestaction', name: 'approves A\'s director request', as: DIRECTOR_DECIDES, call: (w) => t.post('/api/userorganizationroles/requestaction', { rolePromotionActionIds: [ids.pendingRequest], action: 'Approved' }, w.token) },
    { route: 'POST /api/userorganizationroles/requestaction', name: 'rejects A\'s director request', as: DIRECTOR_DECIDES, call: (w) => t.post('/api/userorganizationroles/requestaction', { rolePromotionActionIds: [ids.pendingRequest], action: 'Rejected' }, w.token) },
    { route: 'GET /api/userorganizationroles', name: 'reads the roles of A\'s employment', as: DIRECTOR_READS, call: (w) => t.get(`/api/userorganizationroles?employmentRecordId=${ids.employment}`, w.token) },
    { route: 'GET /api/userorganizationroles', name: 'reads A\'s role history by user', as: DIRECTOR_READS, call: (w) => t.get(`/api/userorganizationroles?userId=${A()}`, w.token) },
    { route: 'GET /api/userorganizationroles', name: 'reads A\'s role request', as: DIRECTOR_READS, call: (w) => t.get(`/api/userorganizationroles?rolePromotionActionId=${ids.pendingRequest}`, w.token) },
    { route: 'GET /api/userorganizationroles/requests', name: 'lists the pending requests of A\'s organization', as: DIRECTOR_READS_LIST, call: (w) => t.get(`/api/userorganizationroles/requests?organizationId=${org1}`, w.token) },
    { route: 'POST /api/userorganizationroles', name: 'ends A\'s staff role', as: DIRECTOR_DECIDES, call: (w) => t.post('/api/userorganizationroles', { employmentRecordId: ids.employment, roleName: '100', active: false, endDate: '2025-01-15' }, w.token) },
    { route: 'POST /api/userorganizationroles', name: 'ends A\'s employment', as: ALL_DENY, call: (w) => t.post('/api/userorganizationroles', { employmentRecordId: ids.employment, endEmployment: true, endDate: '2025-01-15' }, w.token) },
    { route: 'POST /api/userorganizationroles', name: 'grants A the director role at once (User Access Permissions; others keep the 400 of granting through the update)', as: ALL_DENY, refusals: [400], call: (w) => t.post('/api/userorganizationroles', { employmentRecordId: ids.employment, roleName: '200', active: true }, w.token) },
    { route: 'POST /api/accountroles', name: 'grants A a general role', as: ALL_DENY, call: (w) => t.post('/api/accountroles', { userId: A(), roleName: '300' }, w.token) },
    { route: 'DELETE /api/accountroles', name: 'removes A\'s general staff role', as: ALL_DENY, call: (w) => del('/api/accountroles', { userId: A(), roleName: '100' }, w.token) },
    { route: 'POST /api/grid', name: 'lists users on Manage Users (A among them)', as: { B: 'empty', D2: 'empty', D1: 'empty' }, call: (w) => t.post('/api/grid', { entityTypeId: 1, formId: 1, from: 1, to: 100 }, w.token) },
    { route: 'POST /api/accounts/trainTNAccess', name: 'grants TrainTN access on A\'s employment', as: DIRECTOR_DECIDES, call: (w) => t.post('/api/accounts/trainTNAccess', { employmentRecordId: ids.employment, accessStatus: true }, w.token) },
    { route: 'GET /api/organizationusers/screen', name: 'opens Staff Management of A\'s organization', as: DIRECTOR_READS, call: (w) => t.get(`/api/organizationusers/screen?organizationId=${org1}`, w.token) },
    { route: 'POST /api/grid', name: 'lists the staff of A\'s organization', as: DIRECTOR_READS_LIST, call: (w) => t.post('/api/grid', { entityTypeId: 1, formId: 1, altGridId: 'organization-users', primaryEntity: { Id: org1, EntityTypeId: 2 }, from: 1, to: 100 }, w.token) },
    { route: 'GET /api/reporting/agencysummary', name: 'reads the agency summary of A\'s organization', as: DIRECTOR_READS, call: (w) => t.get(`/api/reporting/agencysummary?organizationId=${org1}`, w.token) },
    { route: 'POST /api/reporting/agencyreport', name: 'generates the agency summary PDF of A\'s organization', as: DIRECTOR_READS, call: (w) => t.post('/api/reporting/agencyreport', { organizationId: org1 }, w.token) },
    { route: 'POST /api/form/formresponse', name: 'refers a person to A\'s organization', as: DIRECTOR_DECIDES, call: (w) => t.post('/api/form/formresponse', { response: { formId: 16, elementResponses: [{ formElementId: 16001, value: 'Gus' }, { formElementId: 16002, value: 'Guess' }, { formElementId: 16003, value: 'gus.guess@guessed.registry.test' }] }, primaryEntity: { Id: org1, EntityTypeId: 2 } }, w.token) },
    { route: 'POST /api/reporting/compliancereport', name: 'generates A\'s Training Report', as: DIRECTOR_READS, call: (w) => t.post('/api/reporting/compliancereport', { username: p.A.userName, organizationId: org1 }, w.token) },
    { route: 'POST /api/reporting/compliancereport', name: 'generates A\'s Training Report for the caller\'s organization', as: ALL_DENY, call: (w) => t.post('/api/reporting/compliancereport', { username: p.A.userName, organizationId: org2 }, w.token) },
    { route: 'GET /api/reporting/compliancereport', name: 'reads A\'s stored Training Report', as: DIRECTOR_READS, call: (w) => t.get(`/api/reporting/compliancereport?reportId=${ids.report}`, w.token) },
    { route: 'GET /api/reporting/archivedcycles', name: 'lists A\'s archived cycles', as: DIRECTOR_READS, call: (w) => t.get(`/api/reporting/archivedcycles?userId=${A()}&organizationId=${org1}`, w.token) },
    { route: 'GET /api/reporting/archivedcycles', name: 'lists the archived cycles of A\'s agency', as: ALL_DENY, call: (w) => t.get(`/api/reporting/archivedcycles?organizationId=${org1}&scope=organization`, w.token) },
    { route: 'POST /api/reporting/archivedmembers', name: 'lists the archived members of A\'s agency', as: ALL_DENY, call: (w) => t.post('/api/reporting/archivedmembers', { organizationId: org1, cycleId: ids.report }, w.token) },
    { route: 'POST /api/grid', name: 'searches users for A (Search Users)', as: listed(false), call: (w) => t.post('/api/grid', { entityTypeId: 1, formId: 1, altGridId: 'search-users', from: 1, to: 5, defaultFilters: [{ column: 'searchableName', value: p.A.userName, operation: 'Contains' }] }, w.token) },
    { route: 'POST /api/grid', name: 'lists the people of A\'s agency (Search Users)', as: listed(false), call: (w) => t.post('/api/grid', { entityTypeId: 1, formId: 1, altGridId: 'search-users', from: 1, to: 5, defaultFilters: [{ column: 'period', value: org1, operation: 'Equals' }] }, w.token) },
    { route: 'GET /api/accounts/secondaryemail', name: 'reads A\'s secondary e-mail', as: ALL_DENY, call: (w) => t.get(`/api/accounts/secondaryemail?userId=${A()}`, w.token) },
    { route: 'POST /api/accounts/emailchange', name: 'changes A\'s e-mail', as: ALL_DENY, call: (w) => t.post('/api/accounts/emailchange', { userName: p.A.userName, email: 'taken.over@guessed.registry.test' }, w.token) },
    { route: 'POST /api/accounts/notify', name: 'sends A the welcome e-mail', as: ALL_DENY, call: (w) => t.post('/api/accounts/notify', { userId: p.A.id }, w.token) },
    { route: 'POST /api/accounts/seed', name: 'ends A\'s first-time state', as: ALL_DENY, call: (w) => t.post('/api/accounts/seed', { userId: p.A.id }, w.token) },
    { route: 'POST /api/accounts/changepassword', name: 'changes A\'s password', as: ALL_DENY, call: (w) => t.post('/api/accounts/changepassword', { userId: A(), currentPassword: TEST_PASSWORD, newPassword: 'Taken-Over-2026' }, w.token) },
    { route: 'POST /api/accounts/acceptterms', name: 'accepts the terms for A', as: ALL_DENY, call: (w) => t.post(`/api/accounts/acceptterms?userId=${A()}`, {}, w.token) },
    { route: 'POST /api/accounts/unlock', name: 'unlocks A', as: ALL_DENY, call: (w) => t.post(`/api/accounts/unlock?userId=${A()}`, {}, w.token) },
    { route: 'POST /api/accounts/confirm', name: 'confirms A with a guessed code', as: ALL_DENY, refusals: [400], call: (w) => t.post('/api/accounts/confirm', { userId: A(), code: '123456' }, w.token) },
    { route: 'POST /api/accounts/resendnotify', name: 'resends A\'s confirmation with a guessed code', as: ALL_DENY, refusals: [400], call: (w) => t.post('/api/accounts/resendnotify', { userId: A(), code: '123456' }, w.token) },
    { route: 'POST /api/accounts/resetpassword', name: 'resets A\'s password with a guessed code', as: ALL_DENY, refusals: [400], call: (w) => t.post('/api/accounts/resetpassword', { userId: A(), code: '123456', password: 'Taken-Over-2026', confirmPassword: 'Taken-Over-2026' }, w.token) },
    { route: 'GET /api/accounts/organization', name: 'reads A\'s employer (organizations are public)', as: PUBLIC, call: (w) => t.get(`/api/accounts/organization?orgId=${org1}`, w.token) },
    { route: 'GET /api/staffassignments', name: 'reads the agencies assigned to A', as: ALL_DENY, call: (w) => t.get(`/api/staffassignments?userId=${A()}`, w.token) },
    { route: 'POST /api/staffassignments', name: 'assigns A\'s agency to A', as: ALL_DENY, call: (w) => t.post('/api/staffassignments', { userId: A(), organizationId: org1 }, w.token) },
    { route: 'DELETE /api/staffassignments', name: 'removes A\'s agency from A', as: ALL_DENY, call: (w) => del('/api/staffassignments', { userId: A(), organizationId: org1 }, w.token) },
    { route: 'POST /api/message/action', name: 'stars A\'s message', as: ALL_DENY, call: (w) => t.post('/api/message/action', { action: 'Star', messageIds: [ids.message] }, w.token) },
    { route: 'POST /api/message/action', name: 'deletes A\'s message', as: ALL_DENY, call: (w) => t.post('/api/message/action', { action: 'Delete', messageIds: [ids.message] }, w.token) },
    { route: 'POST /api/message', name: 'lists the caller\'s Sent folder (never A\'s copies)', as: { B: 'empty', D2: 'empty', D1: 'empty' }, call: (w) => t.post('/api/message', { folder: 'Sent', filter: 'None', from: 1, to: 100 }, w.token) },
    // messaging a person by id is what messages are for; tests/server/messages.test.ts covers who may be messaged
    { route: 'POST /api/message/send', name: 'sends A a message', as: PUBLIC, call: (w) => t.post('/api/message/send', { subject: 'Hi', body: '', recipients: [{ id: A() }] }, w.token) },
    { route: 'GET /api/userorganizationroles/actionhistory', name: 'reads the action history of A\'s director request', as: ALL_DENY, call: (w) => t.get(`/api/userorganizationroles/actionhistory?rolePromotionId=${ids.pendingRequest}&primaryEntityId=${A()}`, w.token) },
    // no shipped record type runs a metadata workflow yet (404); tests/server/workflow-fixture.test.ts covers the access of a running one
    { route: 'POST /api/notification', name: 'lists notifications (A\'s archived one)', as: { B: 'empty', D2: 'empty', D1: 'empty' }, call: (w) => t.post('/api/notification', { folder: 'Archive', to: 100 }, w.token) },
    { route: 'POST /api/notification/action', name: 'stars A\'s notification', as: ALL_DENY, call: (w) => t.post('/api/notification/action', { action: 'Star', notificationIds: [ids.notification] }, w.token) },
    { route: 'POST /api/notification/action', name: 'deletes A\'s notification', as: ALL_DENY, call: (w) => t.post('/api/notification/action', { action: 'Delete', notificationIds: [ids.notification] }, w.token) },
    { route: 'GET /api/enrollment/getuserorgs', name: 'lists A\'s organizations (staff enrollment)', as: ALL_DENY, call: (w) => t.get(`/api/enrollment/getuserorgs?userId=${A()}`, w.token) },
    { route: 'GET /api/coursesection/regioncheck', name: 'checks A\'s region', as: ALL_DENY, call: (w) => t.get(`/api/coursesection/regioncheck?region=Nashville&userId=${A()}&organizationId=${org1}`, w.token) },
    { route: 'POST /api/enrollment/register', name: 'registers A for a session', as: ALL_DENY, call: (w) => t.post('/api/enrollment/register', { courseSectionId: ids.section, userId: A(), comment: 'guessed' }, w.token) },
    { route: 'POST /api/enrollment/waitlist', name: 'waitlists A', as: ALL_DENY, call: (w) => t.post('/api/enrollment/waitlist', { courseSectionId: ids.section, userId: A(), comment: 'guessed' }, w.token) },
    { route: 'POST /api/enrollment/requestregistration', name: 'asks an out-of-region place for A', as: ALL_DENY, call: (w) => t.post('/api/enrollment/requestregistration', { courseSectionId: ids.section, userId: A(), comment: 'guessed' }, w.token) },
    { route: 'POST /api/enrollment/regionoverride', name: 'reviews A\'s out-of-region request', as: ALL_DENY, call: (w) => t.post('/api/enrollment/regionoverride', { accepted: false, courseSectionId: ids.section, userId: A(), comment: 'guessed' }, w.token) },
    { route: 'POST /api/enrollment/cancelregistration', name: 'cancels A\'s registration', as: ALL_DENY, call: (w) => t.post('/api/enrollment/cancelregistration', { courseSectionId: ids.section, userIds: [A()] }, w.token) },
    // A's certification runs the verification workflow: A's director reads where it stands and decides it
    { route: 'GET /api/workflow', name: 'reads the workflow of A\'s certification', as: DIRECTOR_READS, call: (w) => t.get(`/api/workflow?entityTypeId=7&entityId=${ids.certification}`, w.token) },
    { route: 'POST /api/workflow/transition', name: 'moves A\'s certification on', as: DIRECTOR_DECIDES, call: (w) => t.post('/api/workflow/transition', { ...cert(), transition: 'verify', comment: null }, w.token) },
    // A's PDP goal and required training run the PDP workflows: A's director reads, comments and verifies
    { route: 'GET /api/workflow', name: 'reads the workflow of A\'s PDP goal', as: DIRECTOR_READS, call: (w) => t.get(`/api/workflow?entityTypeId=12&entityId=${ids.pdpGoal}`, w.token) },
    { route: 'POST /api/workflow/transition', name: 'comments on A\'s PDP goal', as: DIRECTOR_DECIDES, call: (w) => t.post('/api/workflow/transition', { entityTypeId: 12, entityId: ids.pdpGoal, transition: 'comment', comment: 'Guessed.' }, w.token) },
    { route: 'POST /api/workflow/transition', name: 'verifies A\'s PDP required training', as: DIRECTOR_DECIDES, call: (w) => t.post('/api/workflow/transition', { entityTypeId: 11, entityId: ids.pdpTraining, transition: 'verify', comment: null }, w.token) },
    { route: 'POST /api/reporting/submit', name: 'submits A\'s trainer report', as: ALL_DENY, call: (w) => t.post('/api/reporting/submit', { reportId: trainerReportId, comment: null }, w.token) },
    { route: 'POST /api/reporting/respond', name: 'declines A\'s trainer report', as: ALL_DENY, call: (w) => t.post('/api/reporting/respond', { reportId: trainerReportId, status: 456, comment: 'Guessed.' }, w.token) },
    // A's active coaching (issue 27): only its coach and A act on it, whichever way it is named
    { route: 'POST /api/coach/coachrelationshipaction', name: 'ends A\'s coaching by its id', as: ALL_DENY, call: (w) => t.post('/api/coach/coachrelationshipaction', { coachRelationshipId: ids.coaching, action: 4, comments: 'Guessed.' }, w.token) },
    { route: 'POST /api/coach/coachrelationshipaction', name: 'ends A\'s coaching by a line of its history', as: ALL_DENY, call: (w) => t.post('/api/coach/coachrelationshipaction', { coachRelationshipActionIds: [ids.coachingLine], action: 4, comments: 'Guessed.' }, w.token) },
    { route: 'POST /api/coach/coachrelationshipaction', name: 'ends A\'s coaching by A and her coach', as: ALL_DENY, call: (w) => t.post('/api/coach/coachrelationshipaction', { primaryEntityId: A(), coachId: ids.coach, action: 4, comments: 'Guessed.' }, w.token) },
    { route: 'POST /api/coach/coachrelationshipaction', name: 'stops A\'s PDP sharing', as: ALL_DENY, call: (w) => t.post('/api/coach/coachrelationshipaction', { coachRelationshipId: ids.coaching, action: 7 }, w.token) },
    // A's reference request (issue 28): only A cancels it; its public link needs the e-mailed code (a guess is unknown, nothing of A's told)
    { route: 'POST /api/workflow/transition', name: 'cancels A\'s reference request', as: ALL_DENY, call: (w) => t.post('/api/workflow/transition', { entityTypeId: 34, entityId: ids.referenceRequest, transition: 'cancel' }, w.token) },
    { route: 'GET /api/references/answer', name: 'opens A\'s reference link without its code', as: PUBLIC, call: (w) => t.get(`/api/references/answer?request=${ids.referenceRequest}&code=guessed`, w.token) },
    { route: 'POST /api/references/answer', name: 'answers A\'s reference request without its code', as: ALL_DENY, call: (w) => t.post('/api/references/answer', { request: ids.referenceRequest, code: 'guessed', elementResponses: [{ formElementId: 27007, value: 'Guessed.' }] }, w.token) },
    { route: 'POST /api/coach/coachrelationshipaction', name: 'asks to coach A (not a coach)', as: ALL_DENY, call: (w) => t.post('/api/coach/coachrelationshipaction', { primaryEntityId: A(), action: 1 }, w.token) },
    // A's generated resume (issue 28): only A reads, saves, publishes and downloads it
    { route: 'GET /api/generatedResume/viewFields', name: 'reads A\'s resume', as: ALL_DENY, call: (w) => t.get(`/api/generatedResume/viewFields?resumeId=${ids.resume}`, w.token) },
    { route: 'POST /api/generatedResume/edit', name: 'saves A\'s resume', as: ALL_DENY, call: (w) => t.post('/api/generatedResume/edit', { resumeId: ids.resume, description: 'Guessed', idsList: {} }, w.token) },
    { route: 'POST /api/generatedResume/publish', name: 'publishes A\'s resume', as: ALL_DENY, call: (w) => t.post(`/api/generatedResume/publish?resumeId=${ids.resume}`, {}, w.token) },
    { route: 'GET /api/generatedResume/download/:fileKey', name: 'downloads A\'s resume', as: ALL_DENY, call: (w) => t.get(`/api/generatedResume/download/${ids.resumeFileKey}`, w.token) },
    // the career lattice (issue 28): this tenant has none, so every caller is refused; in al who
    // reads another person's standing is tested in tests/server/career-lattice.test.ts
    { route: 'GET /api/career-lattice/standing', name: 'reads A\'s career lattice standing', as: ALL_DENY, call: (w) => t.get(`/api/career-lattice/standing?userId=${A()}`, w.token) },
  ];
}
/** Routes that take no id of a person or a record: they act on the caller, a code, or public data. */
const NO_PERSON_ID = new Set([
  'GET /api/health', 'POST /api/auth/login', 'POST /api/auth/logout', 'GET /api/auth/claims', 'GET /api/auth/heartbeat',
  'GET /api/accounts', 'POST /api/accounts', 'POST /api/accounts/sendconfemail', 'POST /api/accounts/emailconfirm',
  'POST /api/accounts/forgotpassword', 'GET /api/accounts/confirmSecondaryEmail', 'GET /api/metadata', 'GET /api/alert',
  'POST /api/alert/dismiss', 'POST /api/message/count', 'POST /api/notification/count', 'POST /api/userorganizationroles/roleswitch',
  'GET /api/userorganizationroles/agencysearch', 'GET /api/userorganizationroles/countysearch', 'GET /api/userorganizationroles/searchagencybycounty',
  'GET /api/configuration', 'PUT /api/configuration', 'GET /api/reporting/qriscycle', 'POST /api/form/autocomplete',
  'GET /api/dashboard/work',
  // the caller's own pending coaching requests (sent or waiting for them)
  'GET /api/coach/requests',
  // a new resume of the caller's own (issue 28)
  'POST /api/generatedResume/create',
  // the caller's own organizations for registering
  'GET /api/enrollment/getownorgs',
  // the caller's own calendar: their places, or the sessions of their own courses (a date range only)
  'GET /api/enrollment/calendarevents', 'GET /api/enrollment/trainercalendarevents',
  // the training search takes filters over the published catalogue (the caller's own status only)
  'GET /api/course/trainingsearch', 'GET /api/coursesection/trainingsearch',
  // the public certificate check takes a code
  'GET /api/certificates/check',
  // the recipient search takes a text, not an id
  'POST /api/message/usersearch',
  // metadata administration: the caller's own drafts and the tenant's metadata, refused without the
  // claim Metadata.write (every route, tests/server/metadata-admin.test.ts)
  'GET /api/admin/metadata/kinds', 'GET /api/admin/metadata/documents', 'GET /api/admin/metadata/document',
  'PUT /api/admin/metadata/draft', 'DELETE /api/admin/metadata/draft', 'DELETE /api/admin/metadata/drafts',
  'GET /api/admin/metadata/drafts', 'POST /api/admin/metadata/validate', 'POST /api/admin/metadata/publish',
  'GET /api/admin/metadata/versions', 'GET /api/admin/metadata/diff', 'POST /api/admin/metadata/rollback',
  'GET /api/admin/metadata/export', 'POST /api/admin/metadata/import', 'GET /api/admin/metadata/preview',
  // the API description and its page (public, no ids)
  'GET /api/openapi.json', 'GET /api/docs', 'GET /api/docs/', 'GET /api/docs/*', 'GET /api/docs/json', 'GET /api/docs/yaml',
  'GET /api/docs/static/index.html', 'GET /api/docs/static/swagger-initializer.js',
]);

/** The routes the server registers, read from its route tree (HEAD is added by the framework for every GET). */
function registeredApiRoutes(): string[] {
  const found: string[] = [];
  const stack: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^(.*?)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    stack.push(m[2]!);
    const path = stack.join('');
    for (const method of (m[3] ?? '').split(', ').filter((x) => x && x !== 'HEAD')) if (path.startsWith('/api/')) found.push(`${method} ${path}`);
  }
  return found;
}

/** Everything a refused call must leave as it was. */
async function snapshot(): Promise<string> {
  const k = t.database.db.knex;
  const tables = ['education', 'certification', 'records', 'employment_records', 'files', 'role_actions', 'user_roles', 'verifications', 'verification_actions', 'attestations', 'compliance_reports', 'account_codes', 'outbox', 'domain_events', 'referrals', 'staff_agency_assignments', 'notifications', 'messages', 'message_recipients', 'enrollments', 'coach_relationships', 'coach_relationship_actions', 'resumes'];
  const rows = await Promise.all(tables.map(async (table) => [table, await k(table).select('*').orderBy(table === 'message_recipients' ? ['message_id', 'user_id', 'folder'] : ['id'])]));
  const a = await k('users').where({ id: p.A.id }).first();
  return JSON.stringify({ rows, a, audit: await t.count('audit') });
}

const leaks = (body: string) => [p.A.userName, ...RECORDS.map((r) => r.marker)].filter((s) => body.includes(s));
const isEmpty = (res: LightMyRequestResponse) => {
  if (res.body === 'No Data') return true;
  const type = String(res.headers['content-type'] ?? '');
  if (!type.startsWith('application/json')) return leaks(res.body).length === 0;
  const body = res.json<unknown>();
  if (Array.isArray(body)) return body.length === 0;
  return (body as { total?: number }).total === 0;
};

beforeAll(async () => {
  t = await startTestApp('tn');
  // the resume and its references on, as in the demo
  await setFeature(t, 'Resume', true);
  [org1, org2] = [await addOrganization(t, 'Acorns Guessed Academy'), await addOrganization(t, 'Oaks Other Preschool')];
  p.D1 = await addPerson(t, 'Dina', [{ role: '100', organizationId: org1 }, { role: '200', organizationId: org1 }], '200');
  p.D2 = await addPerson(t, 'Dave', [{ role: '100', organizationId: org2 }, { role: '200', organizationId: org2 }], '200');
  p.B = await addPerson(t, 'Ben', [{ role: '100', organizationId: org2 }]);
  p.A = await addPerson(t, 'Ana', [{ role: '100' }]);
  const A = p.A;
  const ok = (res: LightMyRequestResponse) => { expect(res.statusCode, res.body).toBe(200); return res; };

  // employment at org 1, staff role approved by D1, then a pending director request
  ids.employment = await addEmployment(t, A.token, { agencyId: org1, title: TITLE.director });
  const staff = ok(await t.post('/api/userorganizationroles/request', { employmentRecordId: ids.employment, requestType: 100 }, A.token)).json<{ rolePromotionActionId: number }>();
  ok(await t.post('/api/userorganizationroles/requestaction', { rolePromotionActionIds: [staff.rolePromotionActionId], action: 'Approved' }, p.D1.token));
  ids.pendingRequest = ok(await t.post('/api/userorganizationroles/request', { employmentRecordId: ids.employment, requestType: 200 }, A.token)).json<{ rolePromotionActionId: number }>().rolePromotionActionId;

  // one record of every personal type, a transcript on the education record
  const file = await uploaded(t, A.token, { fileName: 'ana-transcript.pdf', bytes: pdf('Ana transcript') });
  Object.assign(ids, { fileId: file.fileId, fileKey: file.fileKey, fileSetId: file.fileSetId });
  ids.education = ok(await saveEducationWithFile(t, A.token, 'Ana Secret College', file.fileKey)).json<{ Id: number }>().Id;
  ids.certification = await addRecordId(t, A.token, CERTIFICATION, A.id);
  ids.communityService = await addRecordId(t, A.token, COMMUNITY_SERVICE, A.id);
  ids.membership = await addRecordId(t, A.token, MEMBERSHIP, A.id);
  const cycle = qrisCycleOn(todayIn(t.registry.tenant.timeZone ?? 'America/Chicago'), t.registry.tenant.qrisCycle);
  ids.training = await t.database.db.knex.transaction((trx) => insertRow(trx, t.database.db, t.registry.entities.get(3)!, {
    userId: A.id, trainingTitle: 'Ana Secret Training', trainingProvider: 'State Training Center', dateCompleted: cycle.startDate, trainingHours: 3, coreKnowledgeArea: 'Health and Safety',
  }, A.id));
  ids.endorsement = await addEndorsement(t, A.id);
  // A's development plan: a completed goal and required training (waiting for her director), a self-assessment row
  const pdp = (entityTypeId: number, values: Record<string, unknown>) => t.database.db.knex.transaction((trx) => insertRow(trx, t.database.db, t.registry.entities.get(entityTypeId)!, { userId: A.id, ...values }, A.id));
  ids.pdpTraining = await pdp(11, { trainingName: 'Ana Secret Required Training', dueDate: '2026-09-01', status: 'Completed' });
  ids.pdpGoal = await pdp(12, { goalText: 'Ana Secret Goal', targetDate: '2026-09-01', status: 'Completed' });
  ids.referenceRequest = ok(await t.post('/api/form/formresponse', { response: { formId: 34, elementResponses: [{ formElementId: 34001, value: 'Ana Secret Referee' }, { formElementId: 34002, value: 'referee@example.org' }] } }, A.token)).json<{ Id: number }>().Id;
  ids.pdpAssessment = await pdp(13, { competencyArea: 'Professionalism and Professional Development', rating: 'Developing', assessedOn: '2026-01-15' });
  trainerReportId = await t.database.db.knex.transaction((trx) => insertRow(trx, t.database.db, t.registry.entities.get(27)!, { userId: A.id, title: 'Ana Secret Report', state: 'submitted' }, A.id));
  Object.assign(course, await addCourseWithSection(t, A.id));

  // a verification request, a Training Report and an attestation by A's director
  ids.verification = ok(await t.post('/api/verification/request', { entityTypeId: 7, entityId: ids.certification }, A.token)).json<{ verificationId: number }>().verificationId;
  ids.report = Number(ok(await t.post('/api/reporting/compliancereport', { username: A.userName, organizationId: org1 }, A.token)).headers['x-report-id']);
  ok(await t.post('/api/attestation', { userId: A.id, organizationId: org1, approved: true }, p.D1.token));

  // A's own registration for a session (tn has no trainer role: a manager's course)
  ids.section = await addSection(t, { trainerId: (await addPerson(t, 'Tara', [{ role: '500' }])).id, seats: 5, waitlistSeats: 5 });
  ok(await t.post('/api/enrollment/register', { courseSectionId: ids.section, userId: A.id, organizationId: org1 }, A.token));

  // A's notification of the approval, archived (so other people's Archive lists are empty unless they see A's)
  await t.app.ctx.events.dispatchPending();
  ids.notification = Number((await t.database.db.knex('notifications').where({ recipient_id: A.id }).first('id') as { id: number }).id);
  ok(await t.post('/api/notification/action', { action: 'Archive', notificationIds: [ids.notification] }, A.token));
  // a message A sent herself: only A holds copies of it
  ids.message = ok(await t.post('/api/message/send', { subject: 'Ana Secret College notes', body: '', recipients: [{ id: A.id }] }, A.token)).json<{ messageId: number }>().messageId;
  ids.enrollment = await addEnrollment(t, await addSessionOfCourse(t, await addCourse(t, p.D1.id), p.D1.id), A.id);
  // a coach who coaches A, A's PDP shared with her
  const coach = await addPerson(t, 'Cleo', [{ role: '100' }, { role: '300' }], '300');
  ids.coach = coach.id;
  ids.coaching = ok(await t.post('/api/coach/coachrelationshipaction', { primaryEntityId: A.id, action: 1 }, coach.token)).json<{ coachRelationships: Array<{ id: number }> }>().coachRelationships[0]!.id;
  ids.coachingLine = Number((await t.database.db.knex('coach_relationship_actions').where({ coach_relationship_id: ids.coaching }).first('id') as { id: number }).id);
  ok(await t.post('/api/coach/coachrelationshipaction', { coachRelationshipId: ids.coaching, action: 2 }, A.token));
  ok(await t.post('/api/coach/coachrelationshipaction', { coachRelationshipId: ids.coaching, action: 6 }, A.token));
  // A's generated resume with her education, saved
  ids.resume = ok(await t.post('/api/generatedResume/create', {}, A.token)).json<{ resumeId: number }>().resumeId;
  ids.resumeFileKey = ok(await t.post('/api/generatedResume/edit', { resumeId: ids.resume, description: 'Ana Secret Resume', idsList: { educationIds: [ids.education] } }, A.token)).json<{ fileKey: string }>().fileKey;
}, 120_000);
afterAll(async () => { await t?.close(); });

describe('another person\'s ids through every /api call', () => {
  const WHO: Who[] = ['B', 'D2', 'D1'];
  const cases = () => [...recordCases(), ...otherCases(), ...trainingCases()];
  // The table needs the registry (search fields, exports); it is read lazily, once the app is up.
  it('B, D2 and D1 get what their relation to A allows, and refusals change nothing', async () => {
    const failures: string[] = [];
    let tried = 0;
    for (const c of cases()) {
      for (const who of WHO) {
        const outcome = c.as[who];
        if (outcome === 'skip') continue;
        tried += 1;
        const before = outcome === 'deny' ? await snapshot() : '';
        const res = await c.call(p[who]);
        const label = `${who} ${c.route} (${c.name}): ${res.statusCode} ${res.body.slice(0, 160)}`;
        if (res.statusCode >= 500) failures.push(`server error: ${label}`);
        else if (outcome === 'deny') {
          if (![403, 404, ...(c.refusals ?? [])].includes(res.statusCode)) failures.push(`not refused: ${label}`);
          else if (leaks(res.body).length) failures.push(`refusal tells A's data: ${label}`);
          else if ((await snapshot()) !== before) failures.push(`refused but changed: ${label}`);
        } else if (outcome === 'empty') {
          if (res.statusCode !== 200 || !isEmpty(res)) failures.push(`not empty: ${label}`);
        } else if (res.statusCode !== 200 || (outcome === 'rows' && isEmpty(res))) {
          failures.push(`not allowed: ${label}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(tried).toBeGreaterThan(150);
  }, 120_000);

  it('the empty answers are empty because of access: A gets her own rows from the same calls', async () => {
    const empties = recordCases().filter((c) => c.as.B === 'empty' && c.ownRows !== false);
    expect(empties.length).toBeGreaterThan(20);
    const notMine = [];
    for (const c of empties) {
      const res = await c.call(p.A);
      if (res.statusCode !== 200 || isEmpty(res)) notMine.push(`${c.route} (${c.name}): ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    expect(notMine).toEqual([]);
  });

  it('every /api route the server registers has access cases or is listed as taking no person or record id', () => {
    const covered = new Set([...cases().map((c) => c.route), ...NO_PERSON_ID]);
    const registered = registeredApiRoutes();
    expect(registered.length).toBeGreaterThan(60);
    expect(registered.filter((r) => !covered.has(r))).toEqual([]);
    expect([...covered].filter((r) => !registered.includes(r))).toEqual([]);
  });
});
