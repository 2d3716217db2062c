import { api, apiFile, saveFile } from '../../app/api-client.js';

/** The calls of the resume editor (spec part 2 call table, /generatedResume/*). */

export interface ResumeItem { id: number; description: string; isSelected: boolean }
export interface ResumeSectionView { id: string; heading: string; idsKey: string; max: number | null; items: ResumeItem[] }
export interface ResumeFields { resumeId: number; description: string; fileKey: string | null; isPublished: boolean; isGenerated: boolean }
export interface ResumeView extends ResumeFields { sections: ResumeSectionView[] }

export const createResume = () => api<ResumeFields>('POST', '/generatedResume/create', {});
export const loadResume = (resumeId: number) => api<ResumeView>('GET', `/generatedResume/viewFields?resumeId=${resumeId}`);
export const saveResume = (resumeId: number, description: string, idsList: Record<string, number[]>) =>
  api<{ fileKey: string }>('POST', '/generatedResume/edit', { resumeId, description, idsList });
export const publishResume = (resumeId: number) => api<ResumeFields>('POST', `/generatedResume/publish?resumeId=${resumeId}`, {});

/** Downloads the resume's PDF under the name the server gives it. */
export async function downloadResume(fileKey: string): Promise<void> {
  const { blob, fileName } = await apiFile(`/generatedResume/download/${encodeURIComponent(fileKey)}`, undefined, 'GET');
  saveFile(blob, fileName);
}
