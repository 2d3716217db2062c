import { api } from '../../app/api-client.js';

/** The calls of Supervisor Staff Management (server/routes/staff-assignments.ts). */

export interface AgencyAssignment { organizationId: number; organizationName: string; county: string | null; assignedAt: string; assignedBy: string | null }
export interface Assignments { userId: number; changed: boolean; assignments: AgencyAssignment[] }
export interface KeyValue { key: string; value: string }

export function loadAssignments(userId: number, signal?: AbortSignal): Promise<Assignments> {
  return api<Assignments>('GET', `/staffassignments?userId=${userId}`, undefined, { signal });
}

export function assignAgency(userId: number, organizationId: number): Promise<Assignments> {
  return api<Assignments>('POST', '/staffassignments', { userId, organizationId });
}

export function unassignAgency(userId: number, organizationId: number): Promise<Assignments> {
  return api<Assignments>('DELETE', '/staffassignments', { userId, organizationId });
}

export function searchAgencies(searchString: string, signal?: AbortSignal): Promise<KeyValue[]> {
  return api<KeyValue[]>('GET', `/userorganizationroles/agencysearch?searchString=${encodeURIComponent(searchString)}`, undefined, { signal });
}
