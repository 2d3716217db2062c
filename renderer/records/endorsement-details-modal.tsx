import { useQuery } from '@tanstack/react-query';
import type { EndorsementDetail } from '../../engine/records/user-records-api.js';
import { ENDORSEMENT_TYPE_TEXT, endorsementKind } from '../../engine/text/endorsement-type.js';
import { formatDate } from '../../engine/text/format.js';
import { api, ApiError } from '../app/api-client.js';
import { errorText } from '../app/error-text.js';
import { useMetadata } from '../app/metadata.js';
import { Modal } from '../components/modal.js';
import './records.css';

/** The Endorsement Details modal: the certification grid's View on an endorsement row. */
export function EndorsementDetailsModal({ endorsementId, onClose }: { endorsementId: number; onClose: () => void }) {
  const m = useMetadata();
  const read = useQuery({
    queryKey: ['endorsement', endorsementId],
    queryFn: ({ signal }) => api<EndorsementDetail>('GET', `/endorsement/detail/${endorsementId}`, undefined, { signal }),
  });
  const detail = read.data ?? null;
  const e = read.error;
  const failure = !read.isError ? null : e instanceof ApiError && e.status === 404 ? m.text('endorsement.notFound') : (errorText(e) ?? m.text('error.title'));

  const date = (v: string | null) => (v ? formatDate(v, m.tenant.timeZone) : '');
  const rows: [string, string][] = detail ? [
    [m.text('endorsement.name'), detail.EndorsementName],
    [m.text('endorsement.subcategory'), detail.EndorsementSubcategory ?? ''],
    [m.text('endorsement.awardingInstitution'), detail.EndorsementAwardingInstitution ?? ''],
    [m.text('endorsement.startDate'), date(detail.EndorsementStartDate)],
    [m.text('endorsement.endDate'), date(detail.EndorsementEndDate)],
    [m.text('endorsement.renewDate'), date(detail.EndorsementRenewDate)],
    [m.text('endorsement.person'), detail.FullName],
    [m.tenant.idLabel, detail.RegistryId],
    [m.text('endorsement.email'), detail.Email],
  ] : [];
  return (
    <Modal title={m.text('endorsement.title')} open busy={!detail && !failure} onClose={onClose}
      footer={<li className="usa-button-group__item"><button type="button" className="usa-button" onClick={onClose}>{m.text('endorsement.close')}</button></li>}>
      {failure && <div className="usa-alert usa-alert--error usa-alert--slim"><div className="usa-alert__body"><p className="usa-alert__text">{failure}</p></div></div>}
      {detail && (
        <>
          <p><span className="usa-tag">{m.text(ENDORSEMENT_TYPE_TEXT[endorsementKind(detail.EndorsementName)])}</span></p>
          <dl className="registry-details">
            {rows.map(([term, value]) => (
              <div key={term} className="registry-details__row"><dt>{term}</dt><dd>{value || '—'}</dd></div>
            ))}
          </dl>
        </>
      )}
    </Modal>
  );
}
