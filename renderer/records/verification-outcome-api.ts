import { api } from '../app/api-client.js';

/** One action of a record's verification history (GET /api/verification/outcome). */
export interface OutcomeAction {
  id: number;
  actionType: number;
  actionUser: { id: number; name: string };
  lastChangeDateTime: string;
  agencyName: string | null;
  comments: string | null;
}

export interface VerificationOutcome {
  state: 'None' | 'Requested' | 'Approved' | 'Rejected';
  /** the decision standing now (Approved / Declined), with who, when and the comment */
  decision: OutcomeAction | null;
  /** every action of every verification of the record, oldest first */
  history: OutcomeAction[];
}

export const verificationOutcome = (entityTypeId: number, entityId: number) =>
  api<VerificationOutcome>('GET', `/verification/outcome?entityTypeId=${entityTypeId}&entityId=${entityId}`);
