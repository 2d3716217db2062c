import type { DocumentKey } from '../../../../engine/metadata/admin-contract.js';
import type { Route } from '../../../../engine/metadata/app-schema.js';
import type { Entity } from '../../../../engine/metadata/entity-schema.js';
import type { Form } from '../../../../engine/metadata/form-schema.js';
import type { Grid } from '../../../../engine/metadata/grid-schema.js';
import type { IdsInUse } from './record-type-draft.js';

/**
 * The ids a new document or element must not take: those of the published registry, of the
 * caller's drafts, and of every document any version held (an id is never reused, even after a
 * rollback took its document away). GET /preview is not used: it refuses drafts that are not
 * valid yet, and a new record type's are not until its form has a field.
 */

/** The documents this reads: the registry's, a draft's, or a version's (value null/`$remove` for none). */
export type DocumentValue = DocumentKey & { value: unknown };

export interface Registry {
  entities: readonly Entity[];
  forms: readonly Form[];
  grids: readonly Grid[];
  routes: readonly Route[];
}

export interface AllIdsInUse extends IdsInUse {
  elementIds: number[];
}

export const isRemoval = (v: unknown): boolean => typeof v === 'object' && v !== null && (v as { $remove?: unknown }).$remove === true;
const present = (d: DocumentValue) => d.value !== null && d.value !== undefined && !isRemoval(d.value);

/** The registry with the caller's drafts laid over it, document by document. */
export function withDrafts(registry: Registry, drafts: readonly DocumentValue[]): Registry {
  const of = <T>(kind: string, published: readonly T[], idOf: (v: T) => string): T[] => {
    const drafted = drafts.filter((d) => d.kind === kind);
    const touched = new Set(drafted.map((d) => d.id));
    return [...published.filter((v) => !touched.has(idOf(v))), ...drafted.filter(present).map((d) => d.value as T)];
  };
  return {
    entities: of('entity', registry.entities, (e) => String(e.id)),
    forms: of('form', registry.forms, (f) => String(f.id)),
    grids: of('grid', registry.grids, (g) => g.id),
    routes: of('route', registry.routes, (r) => r.id),
  };
}

/** Every id of the registry and of the other documents (a version's), by kind. */
export function idsInUse(registry: Registry, others: readonly DocumentValue[] = []): AllIdsInUse {
  const docs = others.filter(present);
  const values = <T>(kind: string) => docs.filter((d) => d.kind === kind).map((d) => d.value as T);
  const forms = [...registry.forms, ...values<Form>('form')];
  const routes = [...registry.routes, ...values<Route>('route')];
  return {
    entityIds: [...registry.entities, ...values<Entity>('entity')].map((e) => e.id),
    formIds: forms.map((f) => f.id),
    gridIds: [...registry.grids, ...values<Grid>('grid')].map((g) => g.id),
    routeIds: routes.map((r) => r.id),
    routePaths: routes.map((r) => r.path),
    sequences: registry.routes.filter((r) => r.parent === 'dashboard').map((r) => r.sequence ?? 0),
    elementIds: forms.flatMap((f) => (Array.isArray(f.elements) ? f.elements.map((e) => e.id) : [])),
  };
}
