import type { AgencySummary } from '../../../engine/reports/agency-summary.js';
import { api } from '../../app/api-client.js';

/** The calls of Staff Management (server/routes/staff.ts) and of the QRIS agency report. */

export interface StaffScreenInfo {
  organizationId: number;
  organizationName: string;
  disabled: boolean;
  /** false for the licensing roles (350, 375): no heading, organization buttons or referral; Verify stays */
  canView: boolean;
  mayRefer: boolean;
  mayProgramDetails: boolean;
  mayAgencyReport: boolean;
}

export function loadStaffScreen(organizationId: number, signal?: AbortSignal): Promise<StaffScreenInfo> {
  return api<StaffScreenInfo>('GET', `/organizationusers/screen?organizationId=${organizationId}`, undefined, { signal });
}

export interface QrisCycle { startDate: string; endDate: string }

export function loadQrisCycle(signal?: AbortSignal): Promise<QrisCycle> {
  return api<QrisCycle>('GET', '/reporting/qriscycle', undefined, { signal });
}

export function loadAgencySummary(organizationId: number, signal?: AbortSignal): Promise<AgencySummary> {
  return api<AgencySummary>('GET', `/reporting/agencysummary?organizationId=${organizationId}`, undefined, { signal });
}

export function agencyReport(organizationId: number): Promise<{ report: string; fileName: string }> {
  return api<{ report: string; fileName: string }>('POST', '/reporting/agencyreport', { organizationId });
}
