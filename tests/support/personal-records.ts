import { findRow, insertRow, updateRow } from '../../server/data/entity-store.js';
import type { TestApp } from './test-app.js';

/** A record type as the tests drive it through the generic form API: a valid new record and a change. */
export interface RecordTypeSample {
  name: string;
  entityTypeId: number;
  formId: number;
  values: { formElementId: number; value?: string | null; multiValue?: string[] }[];
  change: { formElementId: number; value: string };
}

export const TRAINING: RecordTypeSample = {
  name: 'training', entityTypeId: 3, formId: 7,
  values: [
    { formElementId: 7001, value: 'Supporting Early Literacy Through Play' }, { formElementId: 7002, value: 'Tennessee Early Childhood Training Alliance' },
    { formElementId: 7003, value: '2023-04-12' }, { formElementId: 7004, value: '3.5' }, { formElementId: 7005, value: '3' }, { formElementId: 7006, value: '1' },
  ],
  change: { formElementId: 7002, value: 'Child Care Resource and Referral Network' },
};

export const COMMUNITY_SERVICE: RecordTypeSample = {
  name: 'community service', entityTypeId: 5, formId: 3,
  values: [
    { formElementId: 3001, value: 'Second Harvest Food Bank' }, { formElementId: 3002, value: 'Volunteer Reading Buddy' },
    { formElementId: 3003, value: '2021-09-01' }, { formElementId: 3004, value: null }, { formElementId: 3005, value: '40' },
    { formElementId: 3006, value: 'Read with preschool children at the weekly family food pantry.' },
  ],
  change: { formElementId: 3002, value: 'Pantry Shift Lead' },
};

export const MEMBERSHIP: RecordTypeSample = {
  name: 'membership', entityTypeId: 6, formId: 4,
  values: [
    { formElementId: 4001, value: 'National Association for the Education of Young Children' }, { formElementId: 4002, value: '1' },
    { formElementId: 4003, value: 'NAEYC-20931' }, { formElementId: 4004, value: '2019-01-15' }, { formElementId: 4005, value: '2027-01-15' },
  ],
  change: { formElementId: 4003, value: 'NAEYC-55555' },
};

export const CERTIFICATION: RecordTypeSample = {
  name: 'certification', entityTypeId: 7, formId: 5,
  values: [
    { formElementId: 5001, value: '2' }, { formElementId: 5002, value: 'Child Development Associate (CDA)' }, { formElementId: 5003, value: 'Council for Professional Recognition' },
    { formElementId: 5004, value: 'CDA-1234' }, { formElementId: 5005, value: '2021-03-01' }, { formElementId: 5006, value: '2026-03-01' },
  ],
  change: { formElementId: 5004, value: 'CDA-9876' },
};

/** Adds a record of the type for `ownerId` as the caller of `token` (through POST /api/form/formresponse). */
export async function addRecord(t: TestApp, token: string, type: RecordTypeSample, ownerId: number) {
  return t.post('/api/form/formresponse', { response: { formId: type.formId, elementResponses: type.values }, primaryEntity: { Id: ownerId, EntityTypeId: 1 } }, token);
}

export async function addRecordId(t: TestApp, token: string, type: RecordTypeSample, ownerId: number): Promise<number> {
  const res = await addRecord(t, token, type, ownerId);
  if (res.statusCode !== 200) throw new Error(`add ${type.name} failed: ${res.statusCode} ${res.body}`);
  return res.json<{ Id: number }>().Id;
}

/** An endorsement as the state loads them (no form creates one): a certification row flagged isEndorsement. */
export async function addEndorsement(t: TestApp, userId: number, name = 'Infant and Early Childhood Mental Health Endorsement (IMH-E)'): Promise<number> {
  const entity = t.registry.entities.get(7)!;
  return t.database.db.knex.transaction((trx) => insertRow(trx, t.database.db, entity, {
    userId, certificationType: 'Endorsement', isEndorsement: true, certificationName: name, endorsementSubcategory: 'Infant Family Specialist',
    issuingBody: 'Alliance for the Advancement of Infant Mental Health', issueDate: '2023-06-01', expirationDate: '2025-06-01', renewDate: '2025-05-01',
  }, userId));
}

/** Marks a training record as sent through the API (the training system's import sets the flag). */
export async function markSentViaApi(t: TestApp, id: number): Promise<void> {
  const entity = t.registry.entities.get(3)!;
  const before = (await findRow(t.database.db, entity, id))!;
  await t.database.db.knex.transaction((trx) => updateRow(trx, t.database.db, entity, id, { sentViaApi: true }, before, Number(before.userId)));
}

/** An employment record (entity 8) of the person at an organization, written as the employment form would. */
export async function addEmployment(t: TestApp, userId: number, organizationId: number, employerName: string): Promise<number> {
  const entity = t.registry.entities.get(8)!;
  return t.database.db.knex.transaction((trx) => insertRow(trx, t.database.db, entity, { userId, organizationId, employerName, titlePosition: 'Lead Teacher', startDate: '2021-08-01' }, userId));
}
