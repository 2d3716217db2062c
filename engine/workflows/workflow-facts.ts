/**
 * The facts workflow rules may read as `{ "fact": "<name>" }`: what code knows of a record beyond
 * its fields, computed by the server (server/domain/workflows/facts) for the records under
 * evaluation, and only when a rule asks. metadata:check refuses any other name.
 */
export const FACTS = {
  verificationSeen: 'the caller opened the record through the verification view since it last changed, and downloaded the file it holds (when it holds one)',
} as const;

export type FactName = keyof typeof FACTS;
export const FACT_NAMES = Object.keys(FACTS) as FactName[];

export function isFactName(name: string): name is FactName {
  return Object.hasOwn(FACTS, name);
}
