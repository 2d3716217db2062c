import { useMemo } from 'react';
import { useMetadata } from '../../app/metadata.js';
import type { SectionPanelProps } from '../../components/composition/composition-types.js';
import { usePeopleFinder, UserSearch, type PeopleSearchMode } from '../search-users/index.js';

const MODES: readonly PeopleSearchMode[] = ['agency', 'user', 'county'];
const modesOf = (v: unknown): PeopleSearchMode[] => (Array.isArray(v) ? MODES.filter((x) => v.includes(x)) : [...MODES]);

/**
 * Finding people as a section of an accordion screen (Manage Connections' 'Search Users'): the
 * people finder in the modes the metadata names (`modes`: agency, user, county), then the people
 * grid `gridId` filtered on the agency (`agencyColumn`) or the name, with every row action of the grid.
 */
export function PeopleSearchPanel({ params }: SectionPanelProps) {
  const m = useMetadata();
  const modes = useMemo(() => modesOf(params.modes), [params.modes]);
  const finder = usePeopleFinder(modes);
  const gridId = typeof params.gridId === 'string' ? params.gridId : undefined;
  const agencyColumn = typeof params.agencyColumn === 'string' ? params.agencyColumn : undefined;
  const actions = useMemo(() => (m.grid(gridId ?? '')?.rowActions ?? []).map((a) => a.id), [m, gridId]);
  return (
    <div className="registry-search-users">
      {finder.form}
      <UserSearch query={finder.query} actions={actions} caption={finder.caption} gridId={gridId} agencyColumn={agencyColumn} />
    </div>
  );
}
