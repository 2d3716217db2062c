import { api } from '../../app/api-client.js';

/** The calls of Manage Users (spec part 2 section 7). */

/** A person's roles by organization (GET /userorganizationroles?userId=); the general roles have organizationId null. */
export interface RoleGroup {
  organizationId: number | null;
  organizationName: string | null;
  employmentRecordId: number | null;
  agencyIsClosed: boolean;
  roles: { roleName: string }[];
}

export function loadRoleGroups(userId: number): Promise<RoleGroup[]> {
  return api<RoleGroup[]>('GET', `/userorganizationroles?userId=${userId}`);
}

/** POST /accountroles grants, DELETE /accountroles removes a general role. */
export function setGeneralRole(userId: number, roleName: string, active: boolean): Promise<unknown> {
  return api(active ? 'POST' : 'DELETE', '/accountroles', { userId, roleName });
}

/** A user manager grants or removes the staff or director role at the organization of an employment, at once. */
export function setOrganizationRole(userId: number, group: RoleGroup, roleName: string, active: boolean): Promise<unknown> {
  return api('POST', '/userorganizationroles', { userId, organizationId: group.organizationId, employmentRecordId: group.employmentRecordId, roleName, active });
}

export function confirmUser(userName: string): Promise<{ message: string }> {
  return api<{ message: string }>('POST', '/accounts/emailconfirm', { userName });
}

export function unlockUser(userId: number): Promise<unknown> {
  return api('POST', `/accounts/unlock?userId=${userId}`, {});
}
