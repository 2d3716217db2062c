import { createHash } from 'node:crypto';
import type { ClientMetadata } from '../../engine/metadata/client-metadata.js';
import type { Registry } from '../../engine/metadata/registry.js';
import type { AppConfig } from '../config.js';

/** What GET /api/metadata answers for a registry: the compiled metadata as lists, with the browser's settings. */
export function clientMetadata(r: Registry, config: AppConfig, features?: Readonly<Record<string, boolean>>): ClientMetadata {
  // a route of a feature that is off is offered to no one (issue 28): it is not sent
  const on = (name: string | undefined) => name === undefined || (features ? features[name] === true : r.tenant.features[name] === true);
  return {
    tenant: features ? { ...r.tenant, features: { ...r.tenant.features, ...features } } : r.tenant,
    routes: r.routes.filter((route) => on(route.feature)),
    roles: [...r.roles.values()],
    texts: r.texts,
    entities: [...r.entities.values()],
    forms: [...r.forms.values()],
    choiceLists: Object.fromEntries(r.choiceLists),
    grids: [...r.grids.values()],
    inboxes: [...r.inboxes.values()],
    workflows: [...r.workflows.values()],
    session: { ...config.session },
    hub: { ...config.hub },
    files: { maxBytes: config.fileMaxBytes },
  };
}

const prepared = new WeakMap<Registry, Map<string, { json: string; etag: string }>>();

/**
 * The answer prepared once per registry and set of feature switches (a publish makes a new
 * registry; a switch turned makes a new answer): its JSON text and ETag.
 */
export function preparedMetadata(registry: Registry, config: AppConfig, features?: Readonly<Record<string, boolean>>): { json: string; etag: string } {
  let answers = prepared.get(registry);
  if (!answers) prepared.set(registry, answers = new Map());
  const key = JSON.stringify(features ?? null);
  let answer = answers.get(key);
  if (!answer) {
    const json = JSON.stringify(clientMetadata(registry, config, features));
    answer = { json, etag: `"${createHash('sha1').update(json).digest('base64url')}"` };
    answers.set(key, answer);
  }
  return answer;
}
