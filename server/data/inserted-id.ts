/** The id of the first row an insert returned (PostgreSQL answers objects, SQLite plain ids). */
export function insertedId(result: unknown): number {
  const first = (result as ({ id: number | string } | number | string)[])[0];
  return Number(typeof first === 'object' ? first.id : first);
}
