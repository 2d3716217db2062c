import type { Role, Route } from './app-schema.js';
import type { Entity } from './entity-schema.js';
import type { Form } from './form-schema.js';
import type { Grid } from './grid-schema.js';
import type { Report } from './report-schema.js';
import type { DocRef } from './origin.js';
import { SYSTEM_FIELDS } from './system-fields.js';
import type { WorkItem } from './work-schema.js';

/** A validated document and where it came from. */
export interface Doc<T> {
  value: T;
  ref: DocRef;
}

/** Everything the cross-reference checks look at (validated documents only). */
export interface CheckModel {
  entities: ReadonlyArray<Doc<Entity>>;
  forms: ReadonlyArray<Doc<Form>>;
  grids: ReadonlyArray<Doc<Grid>>;
  routes: ReadonlyArray<Doc<Route>>;
  roles: ReadonlyArray<Doc<Role>>;
  work: ReadonlyArray<Doc<WorkItem>>;
  reports: ReadonlyArray<Doc<Report>>;
  /**
   * Ids of every document present, valid or not: a reference to a document that failed validation
   * is not reported again as missing.
   */
  known: {
    entities: ReadonlySet<number>;
    forms: ReadonlySet<number>;
    grids: ReadonlySet<string>;
    inboxes: ReadonlySet<string>;
    routes: ReadonlySet<string>;
    roles: ReadonlySet<string>;
    /** every role a file declares, those the tenant removes too: metadata the tenants share may name them */
    declaredRoles: ReadonlySet<string>;
  };
}

/** A problem at a pointer relative to a document; the compiler locates it in a file. */
export interface RefProblem {
  ref: DocRef;
  pointer: string;
  message: string;
}

export class ProblemList {
  readonly items: RefProblem[] = [];
  add(doc: Doc<unknown>, pointer: string, message: string): void {
    this.items.push({ ref: doc.ref, pointer, message });
  }
}

export function entityLabel(entity: Entity): string {
  return `entity ${entity.id} (${entity.name})`;
}

/** Fields a grid column, owner field or rule may name: the entity's own plus the system fields. */
export function readableFields(entity: Entity): Set<string> {
  return new Set([...entity.fields.map((f) => f.id), ...Object.keys(SYSTEM_FIELDS)]);
}

/** Reports the second and later entries of a list sharing a key. */
export function checkUnique<T>(
  items: readonly T[], keyOf: (item: T) => string | number | undefined,
  report: (item: T, index: number, key: string | number) => void,
): void {
  const seen = new Set<string | number>();
  items.forEach((item, index) => {
    const key = keyOf(item);
    if (key === undefined) return;
    if (seen.has(key)) report(item, index, key);
    seen.add(key);
  });
}
