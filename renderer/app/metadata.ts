import { createContext, useContext } from 'react';
import type { ClientMetadata } from '../../engine/metadata/client-metadata.js';
import type { Entity } from '../../engine/metadata/entity-schema.js';
import type { Form } from '../../engine/metadata/form-schema.js';
import type { Grid } from '../../engine/metadata/grid-schema.js';
import type { Role } from '../../engine/metadata/app-schema.js';
import type { Workflow } from '../../engine/metadata/workflow-schema.js';
import { workflowOfEntity } from '../../engine/workflows/workflow-for-entity.js';
import { formatText } from '../../engine/forms/form-messages.js';
import { apiIfChanged } from './api-client.js';

/** The tenant's metadata, indexed for the screens. */
export interface MetadataIndex extends ClientMetadata {
  entity: (id: number) => Entity | undefined;
  form: (id: number) => Form | undefined;
  grid: (id: string) => Grid | undefined;
  /** the tenant's roles by code (roles.json after its overlay) */
  roleById: ReadonlyMap<string, Role>;
  /** the workflow a record type runs, if any */
  workflowOf: (entityTypeId: number) => Workflow | undefined;
  /** a catalogue text with {name} placeholders filled; the key itself when missing */
  text: (key: string, params?: Record<string, string | number>) => string;
}

export function indexMetadata(m: ClientMetadata): MetadataIndex {
  const entities = new Map(m.entities.map((e) => [e.id, e]));
  const forms = new Map(m.forms.map((f) => [f.id, f]));
  const grids = new Map(m.grids.map((g) => [g.id, g]));
  const roleById = new Map(m.roles.map((r) => [r.id, r]));
  const workflows = new Map(m.entities.flatMap((e): [number, Workflow][] => { const w = workflowOfEntity(m.workflows, e); return w ? [[e.id, w]] : []; }));
  return {
    ...m,
    entity: (id) => entities.get(id),
    form: (id) => forms.get(id),
    grid: (id) => grids.get(id),
    roleById,
    workflowOf: (id) => workflows.get(id),
    text: (key, params = {}) => formatText(m.texts, key, params),
  };
}

/** The ETag of the metadata last loaded: a revalidation answers 304 while it holds. */
let loadedEtag: string | null = null;

export async function loadMetadata(): Promise<MetadataIndex> {
  loadedEtag = null;
  const changed = await reloadMetadataIfChanged();
  if (!changed) throw new Error('metadata not loaded');
  return changed;
}

/** Asks the server whether the metadata changed since it was loaded (a published version): the new metadata, or null when unchanged. */
export async function reloadMetadataIfChanged(): Promise<MetadataIndex | null> {
  const answer = await apiIfChanged<ClientMetadata>('/metadata', loadedEtag);
  if (!answer) return null;
  loadedEtag = answer.etag;
  return indexMetadata(answer.value);
}

export const MetadataContext = createContext<MetadataIndex | null>(null);

export function useMetadata(): MetadataIndex {
  const m = useContext(MetadataContext);
  if (!m) throw new Error('useMetadata outside MetadataContext');
  return m;
}
