import type { WindowState } from '../../../engine/enrollment/registration-window.js';
import { api } from '../../app/api-client.js';

/** A training section as getsectionbyid and the section search answer it (spec part 3 section 3, "search and detail"). */
export interface TrainingSection {
  id: number; courseId: number; courseName: string; sectionName: string; name: string; description: string;
  trainingStartDate: string; trainingEndDate: string; regStartDate: string; regDeadlineDate: string;
  region: string; locationName: string; locationPhone: string; locationPhoneExt: string; locationAddress: string;
  contactName: string; contactPhone: string; contactPhoneExt: string; contactEmail: string;
  coreKnowledgeArea: string; targetAgeGroup: string; dhrMinimumStandard: string; cdaArea: string; ccdfArea: string;
  deliveryMethod: string; otherInformation: string; sessionInformation: string;
  /** the caller's active status: '' not registered */
  status: string;
  registrationWindow: WindowState;
  registersSelf: boolean;
  windowApplies: boolean;
}

export interface KeyValue { key: string; value: string }

/** GET /api/coursesection/trainingsearch: one page of the matching sessions. */
export function searchSections(filters: Record<string, string>, page: number, pageSize: number, signal?: AbortSignal): Promise<{ total: number; rows: TrainingSection[] }> {
  const q = new URLSearchParams({ ...Object.fromEntries(Object.entries(filters).filter(([, v]) => v.trim() !== '')), page: String(page), pageSize: String(pageSize) });
  return api('GET', `/coursesection/trainingsearch?${q.toString()}`, undefined, { signal });
}

export const sectionById = (id: number, signal?: AbortSignal): Promise<TrainingSection> => api('GET', `/coursesection/getsectionbyid?trainingId=${id}`, undefined, { signal });

/** The organizations a person registers through: one's own (getownorgs) or, for staff enrollment, another person's (getuserorgs). */
export const organizationsOf = (userId: number | null): Promise<KeyValue[]> =>
  api('GET', userId === null ? '/enrollment/getownorgs' : `/enrollment/getuserorgs?userId=${userId}`);

export const regionCheck = (region: string, userId: number, organizationId: string): Promise<number> =>
  api('GET', `/coursesection/regioncheck?${new URLSearchParams({ region, userId: String(userId), organizationId }).toString()}`);

export interface RegistrationBody { courseSectionId: number; userId: number; organizationId: string; comment?: string }
export const registerCall = (body: RegistrationBody): Promise<number> => api('POST', '/enrollment/register', body);
export const waitlistCall = (body: RegistrationBody): Promise<number> => api('POST', '/enrollment/waitlist', body);
export const requestCall = (body: RegistrationBody): Promise<number> => api('POST', '/enrollment/requestregistration', body);
