/** The current instant as stored in the database. */
export function nowIso(): string {
  return new Date().toISOString();
}

/** A stored timestamp as ISO text (PostgreSQL answers Date objects, SQLite the stored text). */
export function timestampText(v: string | Date): string {
  return v instanceof Date ? v.toISOString() : new Date(v).toISOString();
}

/** A stored date as YYYY-MM-DD. */
export function dateText(v: string | Date): string {
  return v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10);
}
