import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { UserRecordsAnswer } from '../../engine/records/user-records-api.js';
import { api, ApiError } from '../app/api-client.js';
import { errorText } from '../app/error-text.js';
import { useMetadata } from '../app/metadata.js';
import { DataGrid } from '../components/data-grid/data-grid.js';
import { useReloadGrids } from '../components/data-grid/use-grid-data.js';
import { AccordionSection } from './accordion-section.js';
import { AttestationsPanel } from './attestations-panel.js';
import { RecordOpener, type OpenRecord } from './record-opener.js';
import './records.css';

interface UserRecordsViewProps {
  userId: number;
  /** level of the view's own heading: 2 on a page, 3 inside a modal */
  level: 2 | 3;
}

/** One accordion: the section's grid for the person, its records opening in view mode (with Edit when allowed). */
function RecordSection({ gridId, title, personId, personName, level }: { gridId: string; title: string; personId: number; personName: string; level: 3 | 4 }) {
  const m = useMetadata();
  const grid = m.grid(gridId);
  const [open, setOpen] = useState<OpenRecord | null>(null);
  const reloadGrids = useReloadGrids();
  if (!grid) return null;
  return (
    <AccordionSection title={title} level={level}>
      <DataGrid gridId={gridId} primaryEntity={{ Id: personId }} caption={m.text('userRecords.recordsOf', { section: title, name: personName })}
        onOpenForm={(mode, row) => setOpen({ mode, row })} />
      {open && <RecordOpener grid={grid} open={open} primaryEntity={{ Id: personId }} onClose={() => { setOpen(null); reloadGrids(grid.entityTypeId); }} />}
    </AccordionSection>
  );
}

/**
 * The User Records view (spec part 2 section 2): for one person, an accordion per record type the
 * caller may see, then the Attestations (not for holders of role 300), then the Comments (elevated
 * roles). The server decides every section; the User Records screen shows it.
 */
export function UserRecordsView({ userId, level }: UserRecordsViewProps) {
  const m = useMetadata();
  const read = useQuery({
    queryKey: ['user-records', userId],
    queryFn: ({ signal }) => api<UserRecordsAnswer>('GET', `/userrecords?userId=${userId}`, undefined, { signal }),
  });
  const answer = read.data ?? null;
  const e = read.error;
  const failure = !read.isError ? null : e instanceof ApiError && e.status === 403 ? m.text('userRecords.notAvailable') : (errorText(e) ?? m.text('error.title'));

  if (failure) return <div className="usa-alert usa-alert--error usa-alert--slim"><div className="usa-alert__body"><p className="usa-alert__text">{failure}</p></div></div>;
  if (!answer) return <p role="status">{m.text('userRecords.loading')}</p>;
  const Heading = `h${level}` as const;
  const inner = (level + 1) as 3 | 4;
  const section = (s: UserRecordsAnswer['sections'][number]) => (
    <RecordSection key={s.gridId} gridId={s.gridId} title={s.title} personId={answer.userId} personName={answer.fullName} level={inner} />
  );
  return (
    <section className="registry-user-records" aria-labelledby={`user-records-${answer.userId}`}>
      <Heading id={`user-records-${answer.userId}`}>{m.text('userRecords.heading', { name: answer.fullName })}</Heading>
      <p className="registry-user-records__id">{m.text('userRecords.person', { idLabel: m.tenant.idLabel, registryId: answer.registryId })}</p>
      <div className="usa-accordion usa-accordion--bordered usa-accordion--multiselectable">
        {answer.sections.filter((s) => s.group === 'records').map(section)}
        {answer.attestations && (
          <AccordionSection title={m.text('attestation.title')} level={inner}>
            <AttestationsPanel userId={answer.userId} headingLevel={(inner + 1) as 4 | 5} />
          </AccordionSection>
        )}
        {answer.sections.filter((s) => s.group === 'comments').map((s) => ({ ...s, title: m.text('userRecords.comments') })).map(section)}
      </div>
    </section>
  );
}
