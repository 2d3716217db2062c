import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import type { ChooseThenList } from '../../../engine/metadata/app-schema.js';
import { api } from '../../app/api-client.js';
import { useMetadata } from '../../app/metadata.js';
import { activeOrganizationsAtom, profileAtom } from '../../app/session.js';
import type { GridRow } from '../../components/data-grid/grid-types.js';

/** The most parent rows a dropdown offers. */
const MOST = 100;

/** The rows of a grid the caller may read, at most MOST; [] when none or on failure. */
async function gridChoices(entityTypeId: number, formId: number, altGridId: string | undefined, where: Record<string, string | number | boolean>): Promise<GridRow[]> {
  const defaultFilters = Object.entries(where).map(([column, value]) => ({ column, value, operation: 'Equals' as const }));
  const page = await api<{ gridData: GridRow[] } | string>('POST', '/grid', { entityTypeId, formId, altGridId, from: 1, to: MOST, defaultFilters });
  return typeof page === 'string' ? [] : page.gridData;
}

/** The parent rows of a choose-then-list screen: null while they load. */
export function useChoices(from: ChooseThenList['choose']['from']): GridRow[] | null {
  const m = useMetadata();
  const profile = useAtomValue(profileAtom);
  const organizations = useAtomValue(activeOrganizationsAtom);
  const grid = 'gridId' in from ? m.grid(from.gridId) : undefined;
  const whereKey = 'where' in from ? JSON.stringify(from.where ?? {}) : '{}';
  const [rows, setRows] = useState<{ key: string; rows: GridRow[] } | null>(null);
  const key = grid ? `${grid.id}:${whereKey}` : '';
  useEffect(() => {
    if (!grid) return;
    let current = true;
    const where = JSON.parse(whereKey) as Record<string, string | number | boolean>;
    gridChoices(grid.entityTypeId, grid.formId, grid.altGridId, where).then((r) => { if (current) setRows({ key, rows: r }); }, () => { if (current) setRows({ key, rows: [] }); });
    return () => { current = false; };
  }, [grid, whereKey, key]);
  const fromSession = useMemo(() => organizations.map((o): GridRow => ({ id: o.organizationId, organizationName: o.organizationName })), [organizations]);
  if ('session' in from) return profile ? fromSession : null;
  if (!grid) return [];
  return rows?.key === key ? rows.rows : null;
}
