import { fullPath } from '../../../engine/access/menu-rules.js';
import type { Route } from '../../../engine/metadata/app-schema.js';

interface StoredRoute { name: string; params?: Record<string, string> }

/** The stored route (JSON text of { name, params? }) as a path of the route metadata, or null when it names no route. */
export function routeHref(routes: readonly Route[], stored: string | null): string | null {
  if (!stored) return null;
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return null;
  }
  const target = value as Partial<StoredRoute> | null;
  if (!target || typeof target.name !== 'string' || !routes.some((r) => r.id === target.name)) return null;
  const params = new URLSearchParams(typeof target.params === 'object' && target.params ? Object.entries(target.params).map(([k, v]) => [k, String(v)]) : []);
  const query = params.toString();
  return `${fullPath(routes, target.name)}${query ? `?${query}` : ''}`;
}
