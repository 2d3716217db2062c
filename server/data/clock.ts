/** The current instant as stored in the database. */
export function nowIso(): string {
  return new Date().toISOString();
}
