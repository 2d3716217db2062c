import type { AdminProblem, DocumentKey, VersionSummary, WideningAnswer } from '../../../engine/metadata/admin-contract.js';
import { applyDrafts, diffDocuments, mergedDocuments, type AdminLayer } from '../../../engine/metadata/admin-documents.js';
import { jsonEqual } from '../../../engine/metadata/json-equal.js';
import { checkGuards, layerMeanings, removedElements, usedIdsOf, type RemovedElement } from '../../../engine/metadata/admin-guards.js';
import type { Registry } from '../../../engine/metadata/registry.js';
import type { AppContext } from '../../app-context.js';
import { writeAudit } from '../../data/audit.js';
import { fieldHoldsValue } from '../../data/entity-lookup.js';
import { fullName } from '../../data/user-store.js';
import { conflict, invalid } from '../../errors.js';
import { isUniqueViolation } from '../../data/unique-violation.js';
import { adminText } from './metadata-texts.js';
import { layerColumnProblems } from './metadata-columns.js';
import { signalAfterCommit } from '../../realtime/live-channel.js';
import { adminProblem, compileLayer, problemMessage, refused, tenantFiles, withLayer } from './metadata-layer.js';
import { allLayers, deleteDrafts, draftsOf, insertVersion, layerOf, publishedLayer, usedIds, type PublishedLayer } from '../../data/metadata-store.js';

/** Removed form elements whose entity holds a non-null value in the element's field in some stored row. */
async function answeredElements(ctx: AppContext, registry: Registry | null, removed: readonly RemovedElement[]): Promise<Set<number>> {
  const out = new Set<number>();
  for (const r of removed) {
    const entity = registry?.entities.get(r.entityTypeId);
    if (!entity || r.field === undefined) continue;
    try {
      if (await fieldHoldsValue(ctx.db, entity, r.field)) out.add(r.elementId);
    } catch {
      // a field with no column holds nothing
    }
  }
  return out;
}

export interface PublishInput {
  tenant: string;
  userId: number;
  comment: string;
  confirmWidening: boolean;
  action: VersionSummary['action'];
  /** the published version the new layer was made over: the new one is number base + 1, so a version published since is a 409 */
  base: PublishedLayer;
  /** the new whole layer */
  layer: AdminLayer;
  restored: number | null;
  /** a publish takes the caller's drafts in; they are deleted with it */
  dropDrafts: boolean;
}

/**
 * Problems of a new layer made over the published version `base` (compile, the tables and columns
 * of the table entities it changes, guard rails) and the rules it opens to everyone.
 */
export async function judgeLayer(ctx: AppContext, tenant: string, base: PublishedLayer, layer: AdminLayer, rollback: boolean): Promise<{ problems: AdminProblem[]; widened: WideningAnswer['widened']; registry: Registry | null; changed: DocumentKey[] }> {
  const files = tenantFiles(ctx.config, tenant);
  const compiled = compileLayer(files, layer, tenant);
  const before = withLayer(files, base.layer);
  const after = withLayer(files, layer);
  const changed = diffDocuments(before, after).map(({ kind, id }) => ({ kind, id }));
  if (!compiled.registry) return { problems: compiled.problems.map((p) => adminProblem(p, layer)), widened: [], registry: null, changed };
  const missing = await layerColumnProblems(ctx, files, after, layer, compiled.registry);
  if (missing.length > 0) return { problems: missing, widened: [], registry: null, changed };
  const beforeRegistry = compileLayer(files, base.layer, tenant).registry;
  const guards = checkGuards({
    files, before, after, beforeRegistry, afterRegistry: compiled.registry, rollback,
    usedIds: await usedIds(ctx.db.knex, tenant),
    earlierMeanings: layerMeanings(files, await allLayers(ctx.db.knex, tenant)),
    answered: await answeredElements(ctx, beforeRegistry, removedElements(before, after)),
  });
  return { problems: guards.problems, widened: guards.widened, registry: compiled.registry, changed };
}

/**
 * Publishes a new whole layer as the next version: refused (400) when the merged registry has any
 * problem or a guard rail refuses, 409 when a rule opens every row to everyone without
 * confirmWidening. One transaction: the version, its layer, the ids it uses, the audit row (and the
 * caller's drafts deleted); then every instance hears of it and swaps its registry.
 */
export async function publishLayer(ctx: AppContext, p: PublishInput): Promise<VersionSummary> {
  const judged = await judgeLayer(ctx, p.tenant, p.base, p.layer, p.action === 'rollback');
  if (judged.problems.length > 0) throw refused('invalid', { message: problemMessage(p.tenant, judged.problems), problems: judged.problems });
  if (judged.widened.length > 0 && !p.confirmWidening) {
    const which = judged.widened.map((w) => `${w.kind} ${w.id} ${w.pointer}`).join(', ');
    throw refused('conflict', { message: adminText(ctx, 'widening', { rules: which }), widened: judged.widened });
  }
  if (p.action !== 'rollback' && judged.changed.length === 0) throw invalid(adminText(ctx, 'noChange'));
  const registry = judged.registry!;
  const files = tenantFiles(ctx.config, p.tenant);
  const wideningConfirmed = judged.widened.length > 0 ? judged.widened : null;
  const n = p.base.number + 1;
  await ctx.db.knex.transaction(async (trx) => {
    await insertVersion(trx, n, {
      tenant: p.tenant, authorId: p.userId, comment: p.comment, action: p.action, restored: p.restored, changed: judged.changed, wideningConfirmed, layer: p.layer,
      usedIds: usedIdsOf(withLayer(files, p.layer)),
    });
    await writeAudit(trx, { userId: p.userId, action: `metadata.${p.action}`, detail: { tenant: p.tenant, number: n, comment: p.comment, restored: p.restored, changed: judged.changed, wideningConfirmed } });
    if (p.dropDrafts) await deleteDrafts(trx, p.tenant, p.userId);
    signalAfterCommit(trx, ctx.live, { kind: 'metadata-published', tenant: p.tenant, number: n });
  }).catch((error: unknown) => {
    // judged over version n - 1: another version published since would be overwritten
    if (isUniqueViolation(error)) throw conflict(adminText(ctx, 'publishedMeanwhile'));
    throw error;
  });
  const number = n;
  // this instance serves the new version at once (the signal may come later); others swap when they hear it
  if (p.tenant === ctx.config.tenant && number > ctx.registries.number) ctx.registries.swap(registry, number);
  const author = await fullName(ctx.db.knex, p.userId);
  return {
    number, author: { id: p.userId, name: author ?? '' }, createdAt: new Date().toISOString(), comment: p.comment, action: p.action,
    ...(p.restored === null ? {} : { restored: p.restored }), changed: judged.changed,
  };
}

/**
 * Documents a draft holds that a version published since the draft was made changed too: publishing
 * the draft (a whole document) would undo that change unseen.
 */
async function changedSinceDrafted(ctx: AppContext, tenant: string, bases: ReadonlyMap<string, number>, now: { number: number; layer: AdminLayer }): Promise<string[]> {
  const files = tenantFiles(ctx.config, tenant);
  const current = mergedDocuments(withLayer(files, now.layer));
  const out: string[] = [];
  const byBase = new Map<number, string[]>();
  for (const [k, base] of bases) if (base < now.number) byBase.set(base, [...(byBase.get(base) ?? []), k]);
  for (const [base, keys] of byBase) {
    const then = mergedDocuments(withLayer(files, (await layerOf(ctx.db.knex, tenant, base)) ?? {}));
    for (const k of keys) if (!jsonEqual(then.get(k)?.value, current.get(k)?.value)) out.push(k);
  }
  return out.sort();
}

/** POST /publish: the published layer with the caller's drafts applied. */
export async function publishDrafts(ctx: AppContext, userId: number, tenant: string, comment: string, confirmWidening: boolean): Promise<VersionSummary> {
  const [{ drafts, bases, imported }, published] = await Promise.all([draftsOf(ctx.db.knex, tenant, userId), publishedLayer(ctx.db.knex, tenant)]);
  const stale = await changedSinceDrafted(ctx, tenant, bases, published);
  if (stale.length > 0) throw conflict(adminText(ctx, 'changedSinceDrafted', { documents: stale.join(', ') }));
  const layer = applyDrafts(tenantFiles(ctx.config, tenant), published.layer, drafts);
  return publishLayer(ctx, { tenant, userId, comment, confirmWidening, action: imported ? 'import' : 'publish', base: published, layer, restored: null, dropDrafts: true });
}

/** POST /rollback: version `number`'s layer published again as a new version (0: the files alone). */
export async function rollback(ctx: AppContext, userId: number, tenant: string, number: number, comment: string): Promise<VersionSummary> {
  const [layer, base] = await Promise.all([layerOf(ctx.db.knex, tenant, number), publishedLayer(ctx.db.knex, tenant)]);
  if (!layer) throw invalid(adminText(ctx, 'noVersion', { number }), { number: adminText(ctx, 'noVersion', { number }) });
  return publishLayer(ctx, { tenant, userId, comment, confirmWidening: true, action: 'rollback', base, layer, restored: number, dropDrafts: false });
}
