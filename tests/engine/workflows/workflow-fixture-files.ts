import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { MetadataFile } from '../../../engine/metadata/registry.js';
import type { Workflow } from '../../../engine/metadata/workflow-schema.js';
import { loadMetadataFiles } from '../../../server/metadata/load-metadata.js';

const PROJECT_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const FIXTURE_ROOT = fileURLToPath(new URL('../../fixtures/workflow-approval', import.meta.url));
export const WORKFLOW_PATH = 'metadata/workflows/trainer-application.json';

/** The trainer application workflow of the fixture, as written. */
export function fixtureWorkflow(): Workflow {
  return JSON.parse(readFileSync(`${FIXTURE_ROOT}/${WORKFLOW_PATH}`, 'utf8')) as Workflow;
}

/** The shipped metadata of tenant tn with the fixture's files laid over it (as metadata:check reads them). */
export function fixtureFiles(): MetadataFile[] {
  const project = loadMetadataFiles(PROJECT_ROOT, 'tn');
  if (project.problems.length > 0) throw new Error(JSON.stringify(project.problems));
  // the fixture has no tenant folder: only its base files are wanted
  return [...project.files, ...loadMetadataFiles(FIXTURE_ROOT, 'tn').files];
}
