import { useEffect, useState } from 'react';
import { api } from '../../app/api-client.js';
import type { OfferedTransition, StepTarget } from './offered-transition.js';

/** GET /api/workflow: where a record stands and the steps the caller may take now. */
export interface WorkflowStatus {
  workflowId: string;
  state: { id: string; label: string; final: boolean };
  transitions: OfferedTransition[];
}

export const workflowStatus = (t: StepTarget) => api<WorkflowStatus>('GET', `/workflow?entityTypeId=${t.entityTypeId}&entityId=${t.entityId}`);

/**
 * The record's workflow status, read again each time `version` changes (after a step, or something
 * that may enable one); `after` runs first (e.g. the view that enables Verify). A failure is kept as the error.
 */
export function useWorkflowStatus(target: StepTarget | null, version: number, after?: () => Promise<unknown>) {
  const [status, setStatus] = useState<WorkflowStatus | null>(null);
  const [error, setError] = useState<unknown>(null);
  const entityTypeId = target?.entityTypeId;
  const entityId = target?.entityId;
  useEffect(() => {
    if (entityTypeId === undefined || entityId === undefined) return undefined;
    let live = true;
    (async () => {
      if (after) await after();
      return workflowStatus({ entityTypeId, entityId });
    })().then((s) => { if (live) setStatus(s); }, (e: unknown) => { if (live) setError(e); });
    return () => { live = false; };
    // `after` belongs to the caller: a new one alone does not read again
  }, [entityTypeId, entityId, version]);
  return { status, error };
}
