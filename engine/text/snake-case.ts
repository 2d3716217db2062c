/**
 * snake_case of a camelCase id: the default table column of a field. A word begins at a capital
 * after a small letter or a digit, and at the last capital of an acronym followed by a small
 * letter; digits stay with the word before them. `fooURL` → `foo_url`, `userID` → `user_id`,
 * `URLValue` → `url_value`, `has200Role` → `has200_role`, `pending100` → `pending100`.
 */
export function snakeCase(id: string): string {
  return id.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/([A-Z])([A-Z][a-z])/g, '$1_$2').toLowerCase();
}
