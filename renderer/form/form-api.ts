import type { EntityRef, PrimaryEntity } from '../../engine/grid/grid-request.js';
import { api } from '../app/api-client.js';
import type { DefinitionElementValue, ElementResponse, PreSubmissionItem } from './form-data.js';

/** The calls of the form modal (server/routes/form.ts) and the parts of their answers it reads. */

export interface FormDefinition {
  formId: number;
  entityTypeId: number;
  entity: { Id: number; EntityTypeId: number; DisplayValue: string | null };
  canEdit: boolean;
  locked: boolean;
  /** the stored record as element rules read it (`row.*`) */
  row?: Record<string, unknown> | null;
  elements: DefinitionElementValue[];
}

export interface SavedEntity {
  Id: number;
  EntityTypeId: number;
  DisplayValue: string | null;
}

export interface PreSubmissionAnswer {
  messages: string[];
  overridable: boolean;
}

/** A search result of autocomplete and entity cross reference. */
export interface SearchMatch {
  key: string;
  value: string;
}

export interface FormTargetBody {
  entities: EntityRef[];
  primaryEntity: PrimaryEntity | null;
}

export function loadDefinition(formId: number, target: FormTargetBody, signal?: AbortSignal): Promise<FormDefinition> {
  return api<FormDefinition>('POST', '/form', { formid: formId, ...target }, { signal });
}

export function checkPreSubmission(validations: PreSubmissionItem[], target: FormTargetBody): Promise<PreSubmissionAnswer> {
  return api<PreSubmissionAnswer>('POST', '/form/presubmissionvalidation', { validations, ...target });
}

export function saveResponse(formId: number, elementResponses: ElementResponse[], target: FormTargetBody): Promise<SavedEntity> {
  return api<SavedEntity>('POST', '/form/formresponse', { response: { formId, elementResponses }, ...target });
}

function asMatches(answer: unknown): SearchMatch[] {
  if (!Array.isArray(answer)) return [];
  return answer
    .filter((m): m is { key: unknown; value: unknown } => typeof m === 'object' && m !== null && 'key' in m && 'value' in m)
    .map((m) => ({ key: String(m.key), value: String(m.value) }));
}

export async function searchAutocomplete(formElementId: number, searchString: string): Promise<SearchMatch[]> {
  return asMatches(await api<unknown>('POST', '/form/autocomplete', { formElementId, searchString }));
}

export async function searchCrossReference(entityTypeId: number, ecrSearchPropertyId: string, searchString: string): Promise<SearchMatch[]> {
  return asMatches(await api<unknown>('POST', '/form/entitycrossreference', { entityTypeId, ecrSearchPropertyId, searchString, peerFilters: [] }));
}

/** POST /api/form/entitycrossreferenceproperty: one property of a referenced record, as text (null when empty). */
export async function crossReferenceProperty(entityTypeId: number, entityId: number, propertyId: string, signal?: AbortSignal): Promise<string | null> {
  const answer = await api<{ value: string | null }>('POST', '/form/entitycrossreferenceproperty', { entityTypeId, entityId, propertyId }, { signal });
  return answer.value;
}
