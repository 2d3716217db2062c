import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import type { ChooseThenList } from '../../../engine/metadata/app-schema.js';
import { api } from '../../app/api-client.js';
import { useMetadata } from '../../app/metadata.js';
import { queryKeys } from '../../app/query-keys.js';
import { activeOrganizationsAtom, profileAtom } from '../../app/session.js';
import type { GridRow } from '../../components/data-grid/grid-types.js';

/** The most parent rows a dropdown offers. */
const MOST = 100;

type Where = Record<string, string | number | boolean>;

/** The rows of a grid the caller may read, at most MOST. */
async function gridChoices(grid: { entityTypeId: number; formId: number; altGridId?: string }, where: Where, signal: AbortSignal): Promise<GridRow[]> {
  const defaultFilters = Object.entries(where).map(([column, value]) => ({ column, value, operation: 'Equals' as const }));
  const body = { entityTypeId: grid.entityTypeId, formId: grid.formId, altGridId: grid.altGridId, from: 1, to: MOST, defaultFilters };
  const page = await api<{ gridData: GridRow[] } | string>('POST', '/grid', body, { signal });
  return typeof page === 'string' ? [] : page.gridData;
}

/** The parent rows of a choose-then-list screen: null while they load, [] when there is none or they could not be read. */
export function useChoices(from: ChooseThenList['choose']['from']): GridRow[] | null {
  const m = useMetadata();
  const profile = useAtomValue(profileAtom);
  const organizations = useAtomValue(activeOrganizationsAtom);
  const grid = 'gridId' in from ? m.grid(from.gridId) : undefined;
  const where = ('where' in from ? from.where : undefined) ?? {};
  const rows = useQuery({
    queryKey: [...queryKeys.gridRows(grid?.entityTypeId ?? 0, grid?.formId ?? 0, where), grid?.id],
    queryFn: ({ signal }) => gridChoices(grid!, where, signal),
    enabled: grid !== undefined,
  });
  const fromSession = useMemo(() => organizations.map((o): GridRow => ({ id: o.organizationId, organizationName: o.organizationName })), [organizations]);
  if ('session' in from) return profile ? fromSession : null;
  if (!grid || rows.isError) return [];
  return rows.data ?? null;
}
