import type { AppContext } from '../app-context.js';
import { insertRow } from '../data/entity-store.js';
import { submitForm } from '../domain/form-submit.js';
import { contextOf } from './seed-demo-work.js';

const REFERENCE = 30;
const REQUEST_FORM = 34;

/**
 * The demo professional's references (issue 28): two she entered, one a referee gave through a
 * link, and a request waiting for a referee (made through form 34, so its e-mail waits in the
 * outbox with its link, as the System Administrator's Outbox shows).
 */
export async function seedDemoReferences(ctx: AppContext, users: ReadonlyMap<string, number>): Promise<void> {
  const { db, registry } = ctx;
  const professional = users.get('100');
  const entity = registry.entities.get(REFERENCE);
  if (professional === undefined || !entity || !registry.forms.has(REQUEST_FORM)) return;
  await db.knex.transaction(async (trx) => {
    const add = (values: Record<string, unknown>) => insertRow(trx, db, entity, { userId: professional, ...values }, professional);
    await add({ refereeName: 'Angela Brooks', refereeTitle: 'Center Director', refereeOrganization: 'Little Acorns Learning Center', relationship: 'Director for three years', refereeEmail: 'angela.brooks@example.org', yearsKnown: 3, referenceText: 'Maria plans every day with care; families ask for her classroom.', source: 'entered', dateReceived: '2026-02-10' });
    await add({ refereeName: 'Samuel Ortiz', refereeTitle: 'Lead Teacher', refereeOrganization: 'Bright Horizons Family Child Care', relationship: 'Co-teacher', yearsKnown: 2, referenceText: 'A patient, thoughtful colleague who shares what she learns.', source: 'entered', dateReceived: '2025-11-03' });
    await add({ refereeName: 'Rosa Jimenez', refereeTitle: 'Early Learning Coach', refereeOrganization: 'Regional Training Center', relationship: 'Trainer of her CDA course', refereeEmail: 'rosa.jimenez@example.org', yearsKnown: 4, referenceText: 'Maria brought real questions from her classroom to every session.', source: 'referee', dateReceived: '2026-03-18' });
  });
  await submitForm(ctx, await contextOf(ctx, professional, '100'), {
    formId: REQUEST_FORM, entities: [], primaryEntity: null,
    elementResponses: [{ formElementId: 34001, value: 'Denise Carter' }, { formElementId: 34002, value: 'denise.carter@example.org' }, { formElementId: 34003, value: 'Could you write a few words about our work together?' }],
  });
}
