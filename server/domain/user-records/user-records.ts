import { planGridQuery } from '../../../engine/grid/plan-grid-query.js';
import { settle } from '../../rules/evaluate.js';
import type { Entity } from '../../../engine/metadata/entity-schema.js';
import type { Grid } from '../../../engine/metadata/grid-schema.js';
import type { RecordSection, UserRecordsAnswer } from '../../../engine/records/user-records-api.js';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import type { AppContext } from '../../app-context.js';
import { fetchGridPage } from '../../data/grid-query.js';
import { forbidden } from '../../errors.js';
import { may } from '../record-access.js';
import { attestationEntity } from './attestations.js';
import { personHeader } from './person.js';

/** Whether the caller may see some of the person's records of a grid: by the read rule alone, or (when it depends on other fields) by a readable row. */
async function mayReadSome(ctx: AppContext, context: RuleContext, grid: Grid, entity: Entity, userId: number): Promise<boolean> {
  if (await may(entity, 'read', context, { [entity.ownerField!]: userId })) return true;
  const planned = await settle(context, () => planGridQuery(ctx.registry, { entityTypeId: grid.entityTypeId, formId: grid.formId, primaryEntity: { Id: userId }, from: 1, to: 1 }, context));
  if (!planned.ok || (planned.plan.scope.kind === 'const' && !planned.plan.scope.value)) return false;
  return (await fetchGridPage(ctx.db, planned.plan)).length > 0;
}

/**
 * The sections of the User Records view for one person: the grids marked `userRecords` whose
 * entity's read rule lets the caller see that person's records (the rule the grid applies in SQL);
 * a rule that also depends on other fields (employment: the director's organizations) shows the
 * section when the caller may read one of the person's rows.
 */
async function readableSections(ctx: AppContext, context: RuleContext, userId: number): Promise<RecordSection[]> {
  const sections: (RecordSection & { sequence: number })[] = [];
  for (const grid of ctx.registry.grids.values()) {
    const entity = ctx.registry.entities.get(grid.entityTypeId);
    if (!grid.userRecords || !entity?.ownerField || grid.owner !== 'primaryEntity') continue;
    if (!(await mayReadSome(ctx, context, grid, entity, userId))) continue;
    sections.push({
      gridId: grid.id, entityTypeId: grid.entityTypeId, formId: grid.formId, title: entity.displayName ?? entity.name,
      group: grid.userRecords.group ?? 'records', sequence: grid.userRecords.sequence,
    });
  }
  const rank = (s: RecordSection) => (s.group === 'records' ? 0 : 1);
  return sections.sort((a, b) => rank(a) - rank(b) || a.sequence - b.sequence).map(({ sequence: _s, ...s }) => s);
}

/** GET /api/userrecords?userId=: 403 when the caller may see nothing of this person, 404 for no such person. */
export async function userRecords(ctx: AppContext, context: RuleContext, userId: number): Promise<UserRecordsAnswer> {
  const sections = await readableSections(ctx, context, userId);
  const attestation = attestationEntity(ctx);
  const attestations = attestation !== undefined && await may(attestation, 'read', context, { userId });
  if (sections.length === 0 && !attestations) throw forbidden();
  return { ...(await personHeader(ctx, userId)), sections, attestations };
}
