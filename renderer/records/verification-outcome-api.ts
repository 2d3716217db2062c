import { api } from '../app/api-client.js';
import type { HistoryAction } from '../screens/verification/verification-api.js';

/** One action of a record's verification history (GET /api/verification/outcome): the history row of part 2. */
export type OutcomeAction = HistoryAction;

export interface VerificationOutcome {
  state: 'None' | 'Requested' | 'Approved' | 'Rejected';
  /** the decision standing now (Approved / Declined), with who, when and the comment */
  decision: OutcomeAction | null;
  /** every action of every verification of the record, oldest first */
  history: OutcomeAction[];
}

export const verificationOutcome = (entityTypeId: number, entityId: number, signal?: AbortSignal) =>
  api<VerificationOutcome>('GET', `/verification/outcome?entityTypeId=${entityTypeId}&entityId=${entityId}`, undefined, { signal });
