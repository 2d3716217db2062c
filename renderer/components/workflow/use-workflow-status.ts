import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '../../app/api-client.js';
import type { OfferedTransition, StepTarget } from './offered-transition.js';

/** GET /api/workflow: where a record stands and the steps the caller may take now. */
export interface WorkflowStatus {
  workflowId: string;
  state: { id: string; label: string; final: boolean };
  transitions: OfferedTransition[];
}

export const workflowStatus = (t: StepTarget, signal?: AbortSignal) => api<WorkflowStatus>('GET', `/workflow?entityTypeId=${t.entityTypeId}&entityId=${t.entityId}`, undefined, { signal });

/**
 * The record's workflow status, read again each time `version` changes (after a step, or something
 * that may enable one); `after` runs first (e.g. the view that enables Verify). A failure is kept as the error.
 */
export function useWorkflowStatus(target: StepTarget | null, version: number, after?: () => Promise<unknown>) {
  const entityTypeId = target?.entityTypeId ?? 0;
  const entityId = target?.entityId ?? 0;
  // `after` belongs to the caller: a new one alone does not read again
  const first = useRef(after);
  useEffect(() => { first.current = after; }, [after]);
  const query = useQuery({
    queryKey: ['workflow', entityTypeId, entityId, 'status'],
    queryFn: async ({ signal }) => {
      if (first.current) await first.current();
      return workflowStatus({ entityTypeId, entityId }, signal);
    },
    enabled: target !== null,
    // read afresh each time the window opens
    staleTime: 0,
  });
  const { refetch } = query;
  const readAt = useRef(version);
  useEffect(() => {
    if (readAt.current === version) return;
    readAt.current = version;
    void refetch();
  }, [version, refetch]);
  return { status: query.data ?? null, error: query.error };
}
