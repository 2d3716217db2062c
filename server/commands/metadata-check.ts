import type { MetadataProblem } from '../../engine/metadata/registry.js';
import { listTenants, loadRegistry } from '../metadata/load-metadata.js';

export interface MetadataCheckResult {
  ok: boolean;
  lines: string[];
}

export function formatProblem(tenant: string, problem: MetadataProblem): string {
  const where = problem.pointer === '' ? problem.file : `${problem.file} ${problem.pointer}`;
  return `${tenant} ${where}: ${problem.message}`;
}

/**
 * Compiles the metadata of every tenant (default: every folder under tenants/ with a tenant.json):
 * one line per problem, prefixed with the tenant code, and a summary line last.
 */
export function runMetadataCheck(root: string, tenants?: readonly string[]): MetadataCheckResult {
  const codes = tenants && tenants.length > 0 ? [...tenants] : listTenants(root);
  const lines: string[] = [];
  if (codes.length === 0) return { ok: false, lines: ['metadata check: no tenants found (tenants/<code>/tenant.json)'] };
  let count = 0;
  for (const code of codes) {
    const { problems } = loadRegistry(root, code);
    count += problems.length;
    for (const problem of problems) lines.push(formatProblem(code, problem));
  }
  const ok = count === 0;
  const summary = ok
    ? `metadata check: ${codes.length} tenant(s) OK (${codes.join(', ')})`
    : `metadata check: ${count} problem(s) in ${codes.length} tenant(s) (${codes.join(', ')})`;
  lines.push(summary);
  return { ok, lines };
}
