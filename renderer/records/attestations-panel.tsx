import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { AttestationApproval, AttestationItem } from '../../engine/records/user-records-api.js';
import { formatDateTime } from '../../engine/text/format.js';
import { api } from '../app/api-client.js';
import { useMetadata } from '../app/metadata.js';
import { useDialogs } from '../components/dialogs.js';
import { useToasts } from '../components/toasts.js';
import { SafeHtml } from './safe-html.js';

/**
 * The Attestations of the User Records view: per employer the text, and a box a director of that
 * employer ticks; a confirmation (with an optional comment) follows, Cancel unticks it. A failed
 * call shows nothing and unticks the box (spec part 2 section 8).
 */
export function AttestationsPanel({ userId, headingLevel }: { userId: number; headingLevel: 3 | 4 | 5 }) {
  const m = useMetadata();
  const dialogs = useDialogs();
  const toasts = useToasts();
  const client = useQueryClient();
  const key = ['attestation', userId];
  const read = useQuery({ queryKey: key, queryFn: ({ signal }) => api<AttestationItem[]>('GET', `/attestation?userId=${userId}`, undefined, { signal }) });
  const items = read.isError ? [] : (read.data ?? null);
  const keyText = JSON.stringify(key);
  const setItems = useCallback((change: (list: AttestationItem[] | undefined) => AttestationItem[] | undefined) => client.setQueryData<AttestationItem[]>(JSON.parse(keyText) as unknown[], change), [client, keyText]);
  const [ticked, setTicked] = useState<number | null>(null);
  const { timeZone } = m.tenant;


  const tick = useCallback(async (item: AttestationItem) => {
    setTicked(item.organizationId);
    const employer = item.employerName;
    const answer = await dialogs.prompt({
      title: m.text('attestation.confirmTitle'), message: m.text('attestation.confirm', { employer }), okLabel: m.text('attestation.confirmOk'),
      input: { label: m.text('attestation.comment'), multiline: true },
    });
    try {
      if (!answer) return;
      const approval = await api<AttestationApproval>('POST', '/attestation', { userId, organizationId: item.organizationId, approved: true, comment: answer.value.trim() || null });
      setItems((list) => list?.map((i) => (i.organizationId === item.organizationId ? { ...i, ...approval, canAttest: false } : i)));
      toasts.show({ type: 'success', message: m.text('attestation.done') });
    } catch {
      // attestation call failures show nothing; the box is unticked (spec part 2 section 8)
    } finally {
      setTicked(null);
    }
  }, [dialogs, m, toasts, userId]);

  const Heading = `h${headingLevel}` as const;
  if (items === null) return <p role="status">{m.text('userRecords.loading')}</p>;
  if (items.length === 0) return <p>{m.text('attestation.none')}</p>;
  return (
    <ul className="usa-list usa-list--unstyled registry-attestations">
      {items.map((item) => {
        const boxId = `attestation-${userId}-${item.organizationId}`;
        return (
          <li key={item.organizationId} className="registry-attestation">
            <Heading className="registry-attestation__employer">{item.employerName}</Heading>
            <SafeHtml className="registry-attestation__text" html={item.text} />
            <div className="usa-checkbox">
              <input className="usa-checkbox__input" id={boxId} type="checkbox" checked={item.approved || ticked === item.organizationId}
                disabled={item.approved || !item.canAttest || ticked !== null} onChange={(e) => { if (e.target.checked) void tick(item); }} />
              <label className="usa-checkbox__label" htmlFor={boxId}>{m.text('attestation.tick', { employer: item.employerName })}</label>
            </div>
            <p className="registry-attestation__status">
              {item.approved
                ? m.text('attestation.approvedBy', { name: item.attestorName ?? '', date: item.attestationDate ? formatDateTime(item.attestationDate, timeZone) : '' })
                : m.text('attestation.notApproved', { employer: item.employerName })}
            </p>
            {item.comment && <p className="registry-attestation__comment"><strong>{m.text('attestation.commentLabel')}:</strong> {item.comment}</p>}
          </li>
        );
      })}
    </ul>
  );
}
