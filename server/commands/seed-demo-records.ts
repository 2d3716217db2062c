import type { Knex } from 'knex';
import type { Registry } from '../../engine/metadata/registry.js';
import type { Database } from '../data/db.js';
import { insertRow } from '../data/entity-store.js';

const TRAININGS = [
  { trainingTitle: 'Supporting Early Literacy Through Play', trainingProvider: 'Tennessee Early Childhood Training Alliance', coreKnowledgeArea: 'Learning Environments and Curriculum', trainingHours: 3, deliveryFormat: 'In Person' },
  { trainingTitle: 'Pediatric First Aid and CPR', trainingProvider: 'American Red Cross', coreKnowledgeArea: 'Health, Safety and Nutrition', trainingHours: 6.5, deliveryFormat: 'Hybrid' },
  { trainingTitle: 'Partnering with Families', trainingProvider: 'Child Care Resource and Referral Network', coreKnowledgeArea: 'Family and Community Relationships', trainingHours: 2, deliveryFormat: 'Online' },
];

/**
 * Demo training, community service and membership records for one professional (the i-th), and
 * an endorsement for the first one; record types the tenant does not have are skipped.
 */
export async function seedPersonalRecords(trx: Knex.Transaction, db: Database, registry: Registry, userId: number, i: number): Promise<void> {
  const training = registry.entities.get(3);
  const service = registry.entities.get(5);
  const membership = registry.entities.get(6);
  const certification = registry.entities.get(7);
  if (training) {
    for (const [n, t] of TRAININGS.entries()) {
      await insertRow(trx, db, training, { userId, ...t, dateCompleted: `${2023 + ((i + n) % 2)}-0${3 + n}-1${n}` }, userId);
    }
  }
  if (service) {
    await insertRow(trx, db, service, { userId, organizationName: 'Second Harvest Food Bank', serviceRole: 'Volunteer Reading Buddy', startDate: `${2020 + (i % 3)}-09-01`, serviceHours: 40, description: 'Read with preschool children at the weekly family food pantry.' }, userId);
  }
  if (membership) {
    await insertRow(trx, db, membership, { userId, organizationName: 'National Association for the Education of Young Children (NAEYC)', membershipType: 'Individual', startDate: `${2018 + (i % 4)}-01-15`, endDate: '2026-01-15' }, userId);
  }
  if (certification && i === 0) {
    await insertRow(trx, db, certification, {
      userId, certificationType: 'Endorsement', isEndorsement: true,
      certificationName: 'Infant and Early Childhood Mental Health Endorsement (IMH-E)', endorsementSubcategory: 'Infant Family Specialist',
      issuingBody: 'Alliance for the Advancement of Infant Mental Health', issueDate: '2023-06-01', expirationDate: '2025-06-01', renewDate: '2025-05-01',
    }, userId);
  }
}
