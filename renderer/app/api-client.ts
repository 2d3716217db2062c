import { fileNameFromDisposition } from '../../engine/files/file-name.js';

/** The one place the browser talks to the server: bearer token, JSON, errors as ApiError. */

export interface ApiErrorBody {
  message?: string;
  errors?: Record<string, string | string[]>;
  /** a step over several records: each refused record, named, with its reason */
  refused?: string[];
}

export class ApiError extends Error {
  constructor(readonly status: number, readonly body: ApiErrorBody | string | null) {
    super(typeof body === 'string' ? body : (body?.message ?? `Request failed (${status})`));
  }

  /** a step over several records: each refused record with its reason */
  get refused(): string[] {
    return this.body && typeof this.body !== 'string' && Array.isArray(this.body.refused) ? this.body.refused : [];
  }

  /** errors keyed by field (form element id for form submissions) */
  get fieldErrors(): Record<string, string> {
    if (!this.body || typeof this.body === 'string' || !this.body.errors) return {};
    return Object.fromEntries(Object.entries(this.body.errors).map(([k, v]) => [k, Array.isArray(v) ? (v[0] ?? '') : v]));
  }
}

interface TokenStore {
  get: () => string | null;
  set: (token: string) => void;
  onUnauthorized: () => void;
}

let tokens: TokenStore = { get: () => null, set: () => undefined, onUnauthorized: () => undefined };

/** Headers added to calls while set (e.g. the metadata draft header while a preview shows). */
const addedHeaders = new Map<string, { value: string; applies: (method: string, path: string) => boolean }>();

/** Adds a header to every call (or those whose method and path `applies` accepts) from now on; null stops adding it. */
export function setRequestHeader(name: string, value: string | null, applies: (method: string, path: string) => boolean = () => true): void {
  if (value === null) addedHeaders.delete(name); else addedHeaders.set(name, { value, applies });
}

/** The headers added now, by name (reads made with other headers are cached apart: renderer/app/query-client.ts). */
export function addedRequestHeaders(): Record<string, string> {
  return Object.fromEntries([...addedHeaders].map(([name, added]) => [name, added.value]));
}

/** Wires the client to the session (renderer/app/session.ts). */
export function connectSession(store: TokenStore): void {
  tokens = store;
}

/** How a call is made: a read passes the AbortSignal of its query (TanStack Query cancels it when no screen needs it any more). */
export interface CallOptions {
  signal?: AbortSignal;
}

const writeListeners = new Set<() => void>();

/** Hears every write that succeeded (a call without a signal other than GET): cached reads may be out of date; answers the unsubscribe function. */
export function onWriteDone(listener: () => void): () => void {
  writeListeners.add(listener);
  return () => { writeListeners.delete(listener); };
}

async function send(method: string, path: string, body?: unknown, extraHeaders: Record<string, string> = {}, options: CallOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', ...extraHeaders };
  const token = tokens.get();
  if (token) headers.authorization = `Bearer ${token}`;
  for (const [name, added] of addedHeaders) if (added.applies(method, path)) headers[name] = added.value;
  // a FormData body (a file upload) goes as multipart: the browser sets its content type and boundary
  const multipart = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !multipart) headers['content-type'] = 'application/json';
  const res = await fetch(`/api${path}`, { method, headers, body: body === undefined ? undefined : multipart ? body : JSON.stringify(body), signal: options.signal });
  const renewed = res.headers.get('x-auth-token');
  if (renewed) tokens.set(renewed);
  if (!res.ok && res.status !== 304) {
    const text = await res.text();
    let parsed: ApiErrorBody | string | null = text || null;
    try {
      parsed = text ? (JSON.parse(text) as ApiErrorBody | string) : null;
    } catch {
      /* a plain-text body is shown as is */
    }
    if (res.status === 401 && token) tokens.onUnauthorized();
    throw new ApiError(res.status, parsed);
  }
  if (method !== 'GET' && !options.signal) for (const listener of [...writeListeners]) listener();
  return res;
}

/** JSON call; a text/plain answer (such as the grid's 'No Data') comes back as a string. */
export async function api<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, options?: CallOptions): Promise<T> {
  const res = await send(method, path, body, {}, options);
  if (res.status === 204) return undefined as T;
  const type = res.headers.get('content-type') ?? '';
  return (type.includes('application/json') ? await res.json() : await res.text()) as T;
}

/** A GET that answers null when the resource still has the ETag given (304), else its JSON and new ETag. */
export async function apiIfChanged<T>(path: string, etag: string | null): Promise<{ value: T; etag: string | null } | null> {
  const res = await send('GET', path, undefined, etag ? { 'if-none-match': etag } : {});
  if (res.status === 304) return null;
  return { value: (await res.json()) as T, etag: res.headers.get('etag') };
}

/** A file download: the blob and the name from content-disposition. */
export async function apiFile(path: string, body?: unknown, method: 'GET' | 'POST' = 'POST', options?: CallOptions): Promise<{ blob: Blob; fileName: string; headers: Headers }> {
  const res = await send(method, path, body, {}, options);
  const disposition = res.headers.get('content-disposition') ?? '';
  const fileName = fileNameFromDisposition(disposition) ?? 'download';
  return { blob: await res.blob(), fileName, headers: res.headers };
}

/** Hands a downloaded blob to the browser as a file. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
