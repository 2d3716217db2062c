import { api } from '../../app/api-client.js';

/** The calls of the employment tab and the Requests screen (server/routes/role-requests.ts). */

export interface RoleHistoryEntry {
  rolePromotionActionId: number;
  roleRequested: { roleName: string };
  actionType: number;
  parentActionId: number | null;
  comments: string | null;
  lastChangeDateTime: string;
  userLastUpdated: { name: string };
}

export interface EmploymentRoles {
  employmentRecordId: number;
  organizationId: number | null;
  organizationName: string | null;
  /** request details may show the employment record (spec part 3 section 6) */
  showEmploymentRecord: boolean;
  active: { roles: { roleName: string }[] };
  requests: RoleHistoryEntry[];
}

export function loadEmploymentRoles(employmentRecordId: number, signal?: AbortSignal): Promise<EmploymentRoles> {
  return api<EmploymentRoles>('GET', `/userorganizationroles?employmentRecordId=${employmentRecordId}`, undefined, { signal });
}

export function requestRole(employmentRecordId: number, role: string): Promise<unknown> {
  return api('POST', '/userorganizationroles/request', { employmentRecordId, requestType: Number(role) });
}

/** Ends a role (roleName) or, with endEmployment, the employment and every role held there. */
export function endRole(employmentRecordId: number, ending: string | 'employment', endDate: string): Promise<unknown> {
  return api('POST', '/userorganizationroles', ending === 'employment'
    ? { employmentRecordId, endEmployment: true, active: false, endDate }
    : { employmentRecordId, roleName: ending, active: false, endDate });
}

export function setTrainTnAccess(employmentRecordId: number, accessStatus: boolean): Promise<unknown> {
  return api('POST', '/accounts/trainTNAccess', { employmentRecordId, accessStatus });
}

