import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Route } from '../../../engine/metadata/app-schema.js';
import { useMetadata } from '../../app/metadata.js';
import { ScreenHeading } from '../screen-heading.js';
import { QrisReportModal } from '../agency-report/qris-report-modal.js';
import { AgencyArchivesModal } from './agency-archives-modal.js';
import { usePeopleFinder } from './people-finder.js';
import { UserSearch } from './user-search.js';

/** Search Users offers a person's records, Training Report and Archived Training Reports (spec part 2 sections 2 and 6). */
const ACTIONS = ['user-records', 'training-report', 'archived-training-reports'] as const;

/**
 * Search Users (route search-users; 350, 375, 400, 500): find people by agency name, user name or
 * agency county; an agency lists its people, a name lists matching people. Agency Archives and
 * Provider Summary Report work on the chosen agency.
 */
export function SearchUsersScreen({ route }: { route: Route }) {
  const m = useMetadata();
  const navigate = useNavigate();
  const finder = usePeopleFinder();
  const { agency } = finder;
  const [archives, setArchives] = useState(false);
  const [qris, setQris] = useState(false);
  const title = route.displayName ?? 'Search Users';

  const psrRoute = m.routes.find((r) => r.id === 'dashboard-psr');
  const openPsr = () => {
    if (!agency || !psrRoute) return;
    const params = new URLSearchParams({ organizationId: String(agency.id), organizationName: agency.name });
    void navigate(`${psrRoute.path.startsWith('/') ? psrRoute.path : `/${psrRoute.path}`}?${params.toString()}`);
  };

  return (
    <div className="registry-search-users">
      <ScreenHeading id="search-users-heading">{title}</ScreenHeading>
      {finder.form}

      <ul className="usa-button-group registry-search-users__buttons">
        <li className="usa-button-group__item">
          <button type="button" className="usa-button usa-button--outline" disabled={!agency} onClick={() => setArchives(true)}>{m.text('searchUsers.agencyArchives')}</button>
        </li>
        <li className="usa-button-group__item">
          <button type="button" className="usa-button usa-button--outline" disabled={!agency || !psrRoute} onClick={openPsr}>{m.text('searchUsers.providerSummaryReport')}</button>
        </li>
        {m.tenant.features.TrainingReport && (
          <li className="usa-button-group__item">
            <button type="button" className="usa-button usa-button--outline" disabled={!agency} onClick={() => setQris(true)}>{m.text('staff.agencyReport')}</button>
          </li>
        )}
      </ul>

      {agency && !finder.byUserName && <h2 className="registry-search-users__agency">{m.text('searchUsers.peopleOf', { name: agency.name })}</h2>}
      <UserSearch query={finder.query} actions={ACTIONS} caption={finder.caption} />
      {qris && agency && <QrisReportModal organizationId={agency.id} organizationName={agency.name} onClose={() => setQris(false)} />}
      {archives && agency && <AgencyArchivesModal organizationId={agency.id} organizationName={agency.name} onClose={() => setArchives(false)} />}
    </div>
  );
}
