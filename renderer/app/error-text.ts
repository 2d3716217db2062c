import { ApiError } from './api-client.js';

/**
 * The text shown for a failed call (spec part 1 section 8): a string body as is; an object body's
 * errors map (first message of each, one per line) or its message. null when nothing is shown (401).
 */
export function errorText(error: unknown): string | null {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  if (error.status === 401) return null;
  const body = error.body;
  if (typeof body === 'string') return body;
  const lines = Object.values(error.fieldErrors).filter(Boolean);
  if (lines.length) return lines.join('\n');
  return body?.message ?? `Request failed (${error.status})`;
}
