import { api } from '../../app/api-client.js';

/** The calls of the verification screens (server/routes/verification.ts) and the parts of their answers they read. */

export interface RecordRef {
  entityTypeId: number;
  entityId: number;
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

/** POST /verification/view: the reviewer's view of the record, which (with the file's download) enables Verify and Decline. */
export const viewForVerification = (ref: RecordRef) => api<unknown>('POST', '/verification/view', { entityTypeId: ref.entityTypeId, entityId: ref.entityId });
export const verificationHistory = (verificationId: number, signal?: AbortSignal) => api<HistoryAction[]>('GET', `/verification?verificationId=${verificationId}`, undefined, { signal });

/** The record a verification row (entity 15) is about. */
export function recordOf(row: Record<string, unknown>): RecordRef & { ownerId: number; ownerName: string } {
  return { entityTypeId: Number(row.entityTypeId), entityId: Number(row.entityId), ownerId: Number(row.primaryEntityId), ownerName: String(row.primaryEntityName ?? '') };
}
