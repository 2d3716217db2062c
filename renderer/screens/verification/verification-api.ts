import { api } from '../../app/api-client.js';

/** The calls of the verification screens (server/routes/verification.ts) and the parts of their answers they read. */

export interface RecordRef {
  entityTypeId: number;
  entityId: number;
}

/** GET /verification/status and POST /verification/view. */
export interface VerificationStatus extends RecordRef {
  state: 'None' | 'Requested' | 'Approved' | 'Rejected';
  verificationId: number | null;
  request: boolean;
  verify: boolean;
  decline: boolean;
  remove: boolean;
  /** Verify / Decline stay disabled until the record is viewed and its file downloaded */
  needsView: boolean;
}

/** One row of GET /verification?verificationId= (spec part 2 "Verification": history row). */
export interface HistoryAction {
  id: number;
  actionType: number;
  actionUser: { id: number; name: string };
  lastChangeDateTime: string;
  agencyName: string | null;
  comments: string | null;
}

export type Decision = 'verify' | 'decline' | 'remove';

export const viewForVerification = (ref: RecordRef) => api<VerificationStatus>('POST', '/verification/view', { entityTypeId: ref.entityTypeId, entityId: ref.entityId });
export const verificationStatus = (ref: RecordRef) => api<VerificationStatus>('GET', `/verification/status?entityTypeId=${ref.entityTypeId}&entityId=${ref.entityId}`);
export const verificationHistory = (verificationId: number) => api<HistoryAction[]>('GET', `/verification?verificationId=${verificationId}`);

export function decideVerification(ref: RecordRef, primaryEntityId: number, action: Decision, comments: string) {
  return api<{ message: string }>('POST', '/verification', {
    entityTypeId: ref.entityTypeId, entityId: ref.entityId, primaryEntityId, isVerified: action === 'verify', action, comments: comments.trim() === '' ? null : comments.trim(),
  });
}

/** The record a verification row (entity 15) is about. */
export function recordOf(row: Record<string, unknown>): RecordRef & { ownerId: number; ownerName: string } {
  return { entityTypeId: Number(row.entityTypeId), entityId: Number(row.entityId), ownerId: Number(row.primaryEntityId), ownerName: String(row.primaryEntityName ?? '') };
}
