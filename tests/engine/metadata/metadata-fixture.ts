import { fileURLToPath } from 'node:url';
import { compileMetadata, type CompileResult } from '../../../engine/metadata/compile.js';
import { overlay } from '../../../engine/metadata/overlay.js';
import type { MetadataFile } from '../../../engine/metadata/registry.js';
import { loadMetadataFiles } from '../../../server/metadata/load-metadata.js';

export const BASIC_ROOT = fileURLToPath(new URL('../../fixtures/metadata/basic', import.meta.url));
export const BROKEN_ROOT = fileURLToPath(new URL('../../fixtures/metadata/broken', import.meta.url));
export const PROJECT_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** The basic fixture's files for one tenant (no load problems expected). */
export function basicFiles(tenant = 'zz'): MetadataFile[] {
  const { files, problems } = loadMetadataFiles(BASIC_ROOT, tenant);
  if (problems.length > 0) throw new Error(`fixture problems: ${JSON.stringify(problems)}`);
  return files;
}

/** A change to a list of metadata files, applied by a test to build a bad variant. */
export type FilesEdit = (files: MetadataFile[]) => MetadataFile[];

/** Overlays a patch onto the data of one file (objects merge, arrays of objects with id merge by id). */
export function patch(path: string, layer: unknown): FilesEdit {
  return (files) => {
    if (!files.some((f) => f.path === path)) throw new Error(`no fixture file ${path}`);
    return files.map((f) => (f.path === path ? { ...f, data: overlay(f.data, layer) } : f));
  };
}

/** Rewrites the data of one file with a function (for edits an overlay cannot express, like duplicates). */
export function mapData(path: string, fn: (data: unknown) => unknown): FilesEdit {
  return (files) => files.map((f) => (f.path === path ? { ...f, data: fn(structuredClone(f.data)) } : f));
}

export function addFile(file: MetadataFile): FilesEdit {
  return (files) => [...files, file];
}

export function removeFile(path: string): FilesEdit {
  return (files) => files.filter((f) => f.path !== path);
}

export function compileWith(tenant: string, ...edits: FilesEdit[]): CompileResult {
  const files = edits.reduce((acc, edit) => edit(acc), basicFiles(tenant));
  return compileMetadata(files, tenant);
}
