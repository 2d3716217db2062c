import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { DocumentKey, VersionSummary } from '../../engine/metadata/admin-contract.js';
import { parseKey, type AdminLayer } from '../../engine/metadata/admin-documents.js';
import { nowIso, timestampText } from './clock.js';

/** The tables of the administrators' layer (migration 028): versions, their layers, drafts, used ids. */

interface VersionRow {
  id: number;
  number: number;
  author_id: number;
  created_at: string | Date;
  comment: string;
  action: VersionSummary['action'];
  restored_number: number | null;
  changed: string;
}

/** The newest version of a tenant's layer (0 and no id: none published). */
export async function latestVersion(knex: Knex | Knex.Transaction, tenant: string): Promise<{ id: number | null; number: number }> {
  const row = (await knex('metadata_versions').where({ tenant }).orderBy('number', 'desc').first('id', 'number')) as { id: number; number: number } | undefined;
  return row ? { id: Number(row.id), number: Number(row.number) } : { id: null, number: 0 };
}

/** The whole layer of version `number` (0: the files alone, an empty layer); null when there is no such version. */
export async function layerOf(knex: Knex, tenant: string, number: number): Promise<AdminLayer | null> {
  if (number === 0) return {};
  const version = (await knex('metadata_versions').where({ tenant, number }).first('id')) as { id: number } | undefined;
  if (!version) return null;
  const rows = (await knex('metadata_layer_docs').where({ version_id: version.id }).orderBy('path').select('path', 'data')) as { path: string; data: string }[];
  return Object.fromEntries(rows.map((r) => [r.path, JSON.parse(r.data) as unknown]));
}

/** A published version's number (0: the files alone) and its whole layer. */
export interface PublishedLayer {
  number: number;
  layer: AdminLayer;
}

/** The published layer now: the newest version's. */
export async function publishedLayer(knex: Knex, tenant: string): Promise<PublishedLayer> {
  const { number } = await latestVersion(knex, tenant);
  return { number, layer: (await layerOf(knex, tenant, number)) ?? {} };
}

export async function listVersions(knex: Knex, tenant: string): Promise<VersionSummary[]> {
  const rows = (await knex('metadata_versions as v').join('users as u', 'u.id', 'v.author_id').where('v.tenant', tenant).orderBy('v.number', 'desc')
    .select('v.*', 'u.first_name', 'u.last_name')) as Array<VersionRow & { first_name: string; last_name: string }>;
  const versions: VersionSummary[] = rows.map((r) => ({
    number: Number(r.number),
    author: { id: Number(r.author_id), name: `${r.first_name} ${r.last_name}` },
    createdAt: timestampText(r.created_at),
    comment: r.comment,
    action: r.action,
    ...(r.restored_number === null ? {} : { restored: Number(r.restored_number) }),
    changed: JSON.parse(r.changed) as DocumentKey[],
  }));
  return versions;
}

export interface NewVersion {
  tenant: string;
  authorId: number;
  comment: string;
  action: VersionSummary['action'];
  restored: number | null;
  changed: DocumentKey[];
  wideningConfirmed: unknown;
  layer: AdminLayer;
  usedIds: Iterable<string>;
}

/**
 * Inserts version `number` with its whole layer and the ids it uses. Call in the publish's
 * transaction; the unique (tenant, number) makes it a compare-and-set: a version published by
 * someone else since (a unique violation) refuses it.
 */
export async function insertVersion(trx: Knex.Transaction, number: number, v: NewVersion): Promise<void> {
  const [row] = (await trx('metadata_versions').insert({
    tenant: v.tenant, number, author_id: v.authorId, created_at: nowIso(), comment: v.comment, action: v.action,
    restored_number: v.restored, changed: JSON.stringify(v.changed), widening_confirmed: v.wideningConfirmed === null ? null : JSON.stringify(v.wideningConfirmed),
  }).returning('id')) as Array<{ id: number } | number>;
  const versionId = Number(typeof row === 'object' ? row.id : row);
  const docs = Object.entries(v.layer).map(([path, data]) => ({ version_id: versionId, path, data: JSON.stringify(data) }));
  if (docs.length > 0) await trx('metadata_layer_docs').insert(docs);
  const used = [...new Set(v.usedIds)].map((k) => ({ tenant: v.tenant, ...parseKeyRow(k) }));
  for (let i = 0; i < used.length; i += 200) await trx('metadata_used_ids').insert(used.slice(i, i + 200)).onConflict(['tenant', 'kind', 'id']).ignore();
}

function parseKeyRow(k: string): { kind: string; id: string } {
  const key = parseKey(k);
  return { kind: key.kind, id: key.id };
}

/** Every published version's layer, oldest first. */
export async function allLayers(knex: Knex, tenant: string): Promise<AdminLayer[]> {
  const rows = (await knex('metadata_layer_docs as d').join('metadata_versions as v', 'v.id', 'd.version_id').where('v.tenant', tenant)
    .orderBy(['v.number', 'd.path']).select('v.number', 'd.path', 'd.data')) as { number: number; path: string; data: string }[];
  const layers = new Map<number, AdminLayer>();
  for (const r of rows) {
    const layer = layers.get(Number(r.number)) ?? {};
    layer[r.path] = JSON.parse(r.data) as unknown;
    layers.set(Number(r.number), layer);
  }
  return [...layers.values()];
}

export async function usedIds(knex: Knex, tenant: string): Promise<Set<string>> {
  const rows = (await knex('metadata_used_ids').where({ tenant }).select('kind', 'id')) as { kind: string; id: string }[];
  return new Set(rows.map((r) => `${r.kind}:${r.id}`));
}

/** A caller's drafts: key string -> the whole document, or `{ "$remove": true }`; `revision` changes with every save. */
export async function draftsOf(knex: Knex, tenant: string, userId: number): Promise<{ drafts: Map<string, unknown>; bases: Map<string, number>; imported: boolean; revision: string }> {
  const rows = (await knex('metadata_drafts').where({ tenant, user_id: userId }).orderBy(['kind', 'doc_id']).select('kind', 'doc_id', 'data', 'base_number', 'imported')) as
    Array<{ kind: string; doc_id: string; data: string; base_number: number; imported: boolean | number }>;
  const drafts = new Map(rows.map((r) => [`${r.kind}:${r.doc_id}`, JSON.parse(r.data) as unknown]));
  const bases = new Map(rows.map((r) => [`${r.kind}:${r.doc_id}`, Number(r.base_number)]));
  const revision = createHash('sha1').update(JSON.stringify(rows.map((r) => [r.kind, r.doc_id, r.data]))).digest('base64url');
  return { drafts, bases, imported: rows.length > 0 && rows.every((r) => Boolean(r.imported)), revision };
}

/** Saves a draft; `baseNumber` (the published version now) is kept from the draft's first save. */
export async function saveDraft(knex: Knex, tenant: string, userId: number, key: DocumentKey, data: unknown, baseNumber: number, imported = false): Promise<void> {
  await knex('metadata_drafts').insert({ tenant, user_id: userId, kind: key.kind, doc_id: key.id, data: JSON.stringify(data), base_number: baseNumber, imported, updated_at: nowIso() })
    .onConflict(['tenant', 'user_id', 'kind', 'doc_id']).merge(['data', 'imported', 'updated_at']);
}

/** Deletes one draft (key) or all of a caller's drafts; answers how many. */
export async function deleteDrafts(knex: Knex | Knex.Transaction, tenant: string, userId: number, key?: DocumentKey): Promise<number> {
  const q = knex('metadata_drafts').where({ tenant, user_id: userId });
  if (key) q.andWhere({ kind: key.kind, doc_id: key.id });
  return Number(await q.delete());
}
