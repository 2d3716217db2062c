import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { compileMetadata, type CompileResult } from '../../engine/metadata/compile.js';
import { METADATA_KINDS, type MetadataFile, type MetadataKind, type MetadataProblem } from '../../engine/metadata/registry.js';

export interface LoadResult {
  files: MetadataFile[];
  problems: MetadataProblem[];
}

const isDir = (path: string): boolean => existsSync(path) && statSync(path).isDirectory();
const isFile = (path: string): boolean => existsSync(path) && statSync(path).isFile();

/** Line and column of a character offset, for JSON syntax errors. */
function lineColumn(text: string, offset: number): string {
  const before = text.slice(0, offset).split('\n');
  return `line ${before.length}, column ${(before[before.length - 1]?.length ?? 0) + 1}`;
}

function readJson(root: string, relPath: string, problems: MetadataProblem[]): { ok: true; data: unknown } | { ok: false } {
  const text = readFileSync(join(root, relPath), 'utf8');
  try {
    return { ok: true, data: JSON.parse(text) as unknown };
  } catch (error) {
    const raw = error instanceof Error ? error.message : String(error);
    const position = /position (\d+)/.exec(raw);
    const detail = raw.replace(/ in JSON at position \d+.*$/s, '').replace(/\s+/g, ' ').trim();
    const where = position ? ` at ${lineColumn(text, Number(position[1]))}` : '';
    problems.push({ file: relPath, pointer: '', message: `not valid JSON${where}: ${detail}` });
    return { ok: false };
  }
}

/** Reads one layer folder (metadata/ or tenants/<code>/) in the layout of METADATA_KINDS. */
function readLayer(root: string, folder: string, layer: MetadataFile['layer'], problems: MetadataProblem[]): MetadataFile[] {
  const files: MetadataFile[] = [];
  const add = (kind: MetadataKind, relPath: string): void => {
    const read = readJson(root, relPath, problems);
    if (read.ok) files.push({ path: relPath, kind, layer, data: read.data });
  };
  for (const [kind, where] of Object.entries(METADATA_KINDS) as Array<[MetadataKind, { dir?: string; file?: string }]>) {
    if (where.file !== undefined) {
      const relPath = `${folder}/${where.file}`;
      if (isFile(join(root, relPath))) add(kind, relPath);
    } else if (where.dir !== undefined && isDir(join(root, folder, where.dir))) {
      const names = readdirSync(join(root, folder, where.dir)).filter((n) => n.endsWith('.json')).sort();
      for (const name of names) add(kind, `${folder}/${where.dir}/${name}`);
    }
  }
  return files;
}

/** Tenant codes: folders under tenants/ holding a tenant.json, sorted. */
export function listTenants(root: string): string[] {
  const dir = join(root, 'tenants');
  if (!isDir(dir)) return [];
  return readdirSync(dir).filter((name) => isFile(join(dir, name, 'tenant.json'))).sort();
}

/**
 * Reads the base metadata (metadata/) and one tenant's folder (tenants/<code>/). A file that is not
 * valid JSON becomes a problem, not an exception.
 */
export function loadMetadataFiles(root: string, tenantCode: string): LoadResult {
  const problems: MetadataProblem[] = [];
  const base = readLayer(root, 'metadata', 'base', problems);
  const tenantFolder = `tenants/${tenantCode}`;
  if (!isDir(join(root, tenantFolder))) {
    problems.push({ file: tenantFolder, pointer: '', message: `no folder for tenant '${tenantCode}'` });
    return { files: base, problems };
  }
  return { files: [...base, ...readLayer(root, tenantFolder, 'tenant', problems)], problems };
}

/** Loads and compiles one tenant's metadata. The registry is null when anything is wrong. */
export function loadRegistry(root: string, tenantCode: string): CompileResult {
  const loaded = loadMetadataFiles(root, tenantCode);
  const compiled = compileMetadata(loaded.files, tenantCode);
  const problems = [...loaded.problems, ...compiled.problems];
  return { registry: problems.length > 0 ? null : compiled.registry, problems };
}
