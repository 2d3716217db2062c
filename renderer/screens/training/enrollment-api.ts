import { api, apiFile, saveFile } from '../../app/api-client.js';

/** POST /api/enrollment/setattendance: the code on the eligible rows (409 'All chosen users have attendance set already.' when none). */
export function setAttendance(enrollmentRecordIds: number[], status: number): Promise<{ set: unknown[]; skipped: unknown[] }> {
  return api('POST', '/enrollment/setattendance', { enrollmentRecordIds, status });
}

/** POST /api/enrollment/cancelregistration: answers how many places were cancelled. */
export function cancelRegistrations(courseSectionId: number, userIds: number[], comment: string): Promise<number> {
  return api<number>('POST', '/enrollment/cancelregistration', { courseSectionId, userIds, comment: comment.trim() || null });
}

/**
 * GET /api/file/c/{fileId} in a new window (spec part 3 section 7). The call carries the bearer
 * token, so the PDF is fetched and shown from a local address; if the browser blocks the window,
 * it is downloaded instead.
 */
export async function openCertificate(fileId: number): Promise<void> {
  const shown = window.open('', '_blank');
  try {
    const { blob, fileName } = await apiFile(`/file/c/${fileId}`, undefined, 'GET');
    if (!shown) return saveFile(blob, fileName);
    shown.location.href = URL.createObjectURL(blob);
  } catch (e) {
    shown?.close();
    throw e;
  }
}
