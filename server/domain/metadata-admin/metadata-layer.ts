import type { FastifyBaseLogger } from 'fastify';
import type { AdminProblem, WideningAnswer } from '../../../engine/metadata/admin-contract.js';
import { adminFiles, applyDrafts, kindOfPath, shapeOf, type AdminLayer } from '../../../engine/metadata/admin-documents.js';
import { compileMetadata, type CompileResult } from '../../../engine/metadata/compile.js';
import type { MetadataFile, MetadataProblem, Registry } from '../../../engine/metadata/registry.js';
import type { AppContext } from '../../app-context.js';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../data/db.js';
import { loadMetadataFiles, listTenants } from '../../metadata/load-metadata.js';
import { RegistryHolder } from '../../metadata/registry-holder.js';
import { formatProblem } from '../../commands/metadata-check.js';
import { AppError, invalid } from '../../errors.js';
import { draftsOf, publishedLayer } from '../../data/metadata-store.js';
import { adminText } from './metadata-texts.js';

/**
 * The registry of a tenant made of its files (base and tenant folder) and an administrators' layer,
 * compiled with the same compile and checks as metadata:check. The files are read once per tenant
 * (they change only with a new release and a restart).
 */
const filesCache = new Map<string, MetadataFile[]>();

export function tenantFiles(config: AppConfig, tenant: string): MetadataFile[] {
  const key = `${config.rootDir}\u0000${tenant}`;
  let files = filesCache.get(key);
  if (!files) {
    files = loadMetadataFiles(config.rootDir, tenant).files;
    filesCache.set(key, files);
  }
  return files;
}

/** The tenant a call names (default: the server's); 400 for a code with no tenant folder. */
export function tenantOf(ctx: AppContext, tenant: string | undefined): string {
  const code = tenant ?? ctx.config.tenant;
  if (code !== ctx.config.tenant && !listTenants(ctx.config.rootDir).includes(code)) throw invalid(adminText(ctx, 'noTenant', { tenant: code }), { tenant: adminText(ctx, 'noTenant', { tenant: code }) });
  return code;
}

export function withLayer(files: readonly MetadataFile[], layer: AdminLayer): MetadataFile[] {
  return [...files, ...adminFiles(layer)];
}

export function compileLayer(files: readonly MetadataFile[], layer: AdminLayer, tenant: string): CompileResult {
  return compileMetadata(withLayer(files, layer), tenant);
}

/** A problem as the API tells it: the document it belongs to, when the file says. */
export function adminProblem(problem: MetadataProblem, layer: AdminLayer): AdminProblem {
  const kind = problem.file.startsWith('admin:') ? kindOfPath(problem.file) : null;
  if (!kind) return problem;
  const shape = shapeOf(kind);
  const data = layer[problem.file];
  if (shape === 'dir' && data && typeof data === 'object' && 'id' in data) return { ...problem, document: { kind, id: String((data as { id: unknown }).id) } };
  if (shape === 'items' && Array.isArray(data)) {
    const item: unknown = data[Number(problem.pointer.split('/')[1])];
    if (item && typeof item === 'object' && 'id' in item) return { ...problem, document: { kind, id: String((item as { id: unknown }).id) } };
    return problem;
  }
  return shape === 'dir' ? problem : { ...problem, document: { kind, id: kind } };
}

/** 400 with every problem (the first in the metadata:check format as the message); 409 when a rule opens every row to everyone unconfirmed. */
export function refused(code: 'invalid' | 'conflict', answer: { message: string; problems: AdminProblem[] } | WideningAnswer): AppError {
  const error = new AppError(code, answer.message, code === 'invalid' ? {} : undefined);
  error.extra = 'problems' in answer ? { problems: answer.problems } : { widened: answer.widened };
  return error;
}

/** The first problem in the metadata:check format, for the answer's message. */
export function problemMessage(tenant: string, problems: readonly AdminProblem[]): string {
  return problems.length === 0 ? '' : formatProblem(tenant, problems[0]!);
}

/**
 * The registry a server starts on: the files, then the tenant's published layer. When the layer
 * no longer compiles over the files (the repository changed under it), the files alone, and the
 * problems go to the log: the administrators' layer never keeps the server from starting.
 */
export async function startRegistry(db: Database, config: AppConfig, filesRegistry: Registry, log: FastifyBaseLogger): Promise<RegistryHolder> {
  const { number, layer } = await publishedLayer(db.knex, config.tenant);
  if (number === 0) return new RegistryHolder(filesRegistry, 0);
  const compiled = compileLayer(tenantFiles(config, config.tenant), layer, config.tenant);
  if (!compiled.registry) {
    log.error({ version: number, problems: compiled.problems.map((p) => formatProblem(config.tenant, p)) }, 'the administrators\' metadata layer does not compile over the files: serving the files alone');
    return new RegistryHolder(filesRegistry, 0);
  }
  return new RegistryHolder(compiled.registry, number);
}

/** Reads the newest published layer again and swaps the registry (a publish on any instance, or a resync). */
export async function reloadRegistry(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  const { number, layer } = await publishedLayer(ctx.db.knex, ctx.config.tenant);
  if (number <= ctx.registries.number) return; // version numbers only grow (a rollback is a new version)
  const compiled = compileLayer(tenantFiles(ctx.config, ctx.config.tenant), layer, ctx.config.tenant);
  if (!compiled.registry) {
    log.error({ version: number, problems: compiled.problems.map((p) => formatProblem(ctx.config.tenant, p)) }, 'a published metadata layer does not compile here: keeping the registry in use');
    return;
  }
  if (number > ctx.registries.number) ctx.registries.swap(compiled.registry, number); // a later reload may have swapped already
}

const DRAFT_CACHE_SIZE = 16;
const draftCache = new Map<string, CompileResult>();

/**
 * The server tenant's files and published layer with a caller's drafts applied, compiled (preview on
 * real data; `registry` null when the drafts do not compile); null with no drafts. Cached by draft
 * revision, a failure too: a request with the draft header never compiles the same drafts twice.
 */
export async function draftCompile(ctx: AppContext, userId: number): Promise<CompileResult | null> {
  const tenant = ctx.config.tenant;
  const [{ drafts, revision }, published] = await Promise.all([draftsOf(ctx.db.knex, tenant, userId), publishedLayer(ctx.db.knex, tenant)]);
  if (drafts.size === 0) return null;
  const cacheKey = `${ctx.config.rootDir}:${tenant}:${published.number}:${userId}:${revision}`;
  const cached = draftCache.get(cacheKey);
  if (cached) return cached;
  const files = tenantFiles(ctx.config, tenant);
  const compiled = compileLayer(files, applyDrafts(files, published.layer, drafts), tenant);
  draftCache.set(cacheKey, compiled);
  if (draftCache.size > DRAFT_CACHE_SIZE) draftCache.delete(draftCache.keys().next().value!);
  return compiled;
}
