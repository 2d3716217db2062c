/** The one error type of the server; the errors plugin maps it to HTTP (spec part 1 section 8). */
export type AppErrorCode = 'invalid' | 'unauthorized' | 'forbidden' | 'not-found' | 'conflict' | 'too-many';

const STATUS: Record<AppErrorCode, number> = {
  invalid: 400, unauthorized: 401, forbidden: 403, 'not-found': 404, conflict: 409, 'too-many': 429,
};

export const FORBIDDEN_MESSAGE = 'Insufficient access privileges';

export class AppError extends Error {
  readonly status: number;
  /** a key of the text catalogue: the message shown is the tenant's text for it, when there is one */
  textKey?: string;
  /** more of the answer beside `message` (e.g. a refused publish's `problems`); the route's answer schema names them */
  extra?: Record<string, unknown>;
  constructor(readonly code: AppErrorCode, message: string, readonly errors?: Record<string, string>) {
    super(message);
    this.status = STATUS[code];
  }
}

/** An error whose message is a catalogue text (spec texts are kept verbatim there). */
export function textError(code: AppErrorCode, textKey: string, fallback: string, field?: string): AppError {
  const e = new AppError(code, fallback, field ? { [field]: fallback } : code === 'invalid' ? {} : undefined);
  e.textKey = textKey;
  return e;
}

/** The message of a form answer with field errors (the errors say which). */
export const FORM_INVALID = 'Please correct the highlighted fields.';

export const invalid = (message: string, errors?: Record<string, string>) => new AppError('invalid', message, errors ?? {});
export const forbidden = () => textError('forbidden', 'error.forbidden', FORBIDDEN_MESSAGE);
export const notFound = (what = 'Record') => new AppError('not-found', `${what} not found.`);
export const conflict = (message: string) => new AppError('conflict', message);
