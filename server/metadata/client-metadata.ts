import { createHash } from 'node:crypto';
import type { ClientMetadata } from '../../engine/metadata/client-metadata.js';
import type { Registry } from '../../engine/metadata/registry.js';
import type { AppConfig } from '../config.js';

/** What GET /api/metadata answers for a registry: the compiled metadata as lists, with the browser's settings. */
export function clientMetadata(r: Registry, config: AppConfig): ClientMetadata {
  return {
    tenant: r.tenant,
    routes: [...r.routes],
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

const prepared = new WeakMap<Registry, { json: string; etag: string }>();

/** The answer prepared once per registry (it never changes; a publish makes a new one): its JSON text and ETag. */
export function preparedMetadata(registry: Registry, config: AppConfig): { json: string; etag: string } {
  let answer = prepared.get(registry);
  if (!answer) {
    const json = JSON.stringify(clientMetadata(registry, config));
    answer = { json, etag: `"${createHash('sha1').update(json).digest('base64url')}"` };
    prepared.set(registry, answer);
  }
  return answer;
}
