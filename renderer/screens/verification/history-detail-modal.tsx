import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useMetadata } from '../../app/metadata.js';
import { Modal } from '../../components/modal.js';
import { StepButtons } from '../../components/workflow/step-buttons.js';
import { useWorkflowStatus } from '../../components/workflow/use-workflow-status.js';
import { HistoryTable } from './history-table.js';
import { RecordView } from './record-view.js';
import { recordOf } from './verification-api.js';
import './verification.css';

const TABS = ['history', 'record'] as const;
type Tab = (typeof TABS)[number];

/**
 * The detail modal of Verification History (spec part 2 "Verification History"): tabs History and
 * Record (the record form read-only), and Remove Verification where the caller may remove it.
 */
export function HistoryDetailModal({ row, onClose }: { row: Record<string, unknown>; onClose: (changed: boolean) => void }) {
  const m = useMetadata();
  const target = recordOf(row);
  const entity = m.entity(target.entityTypeId);
  const entityName = entity?.displayName ?? entity?.name ?? '';
  const [tab, setTab] = useState<Tab>('history');
  const baseId = useId();
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ history: null, record: null });
  const { entityId } = target;
  const current = row.current === true && row.status === 'Approved';
  // only to offer Remove Verification: a failure (no longer allowed to read the record) offers nothing
  const { status } = useWorkflowStatus(current ? target : null, 0);
  const removal = (status?.transitions ?? []).filter((t) => t.id === 'remove' && t.disabledReason === undefined);

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = TABS[(TABS.indexOf(tab) + step + TABS.length) % TABS.length]!;
    setTab(next);
    tabRefs.current[next]?.focus();
  };
  const label: Record<Tab, string> = { history: m.text('verification.tabHistory'), record: m.text('verification.tabRecord') };
  const footer = [
    <StepButtons key="remove" target={target} steps={removal} row={row} onDone={(changed) => { if (changed) onClose(true); }} />,
    <li key="close" className="usa-button-group__item"><button type="button" className="usa-button usa-button--outline" onClick={() => onClose(false)}>{m.text('verification.close')}</button></li>,
  ];

  return (
    <Modal title={m.text('verification.detailTitle', { name: target.ownerName })} open large onClose={() => onClose(false)} footer={footer}>
      <p className="margin-top-0">{entityName}: {String(row.identifier ?? '')}</p>
      <div role="tablist" aria-label={m.text('verification.detailTitle', { name: target.ownerName })} className="verification-tabs">
        {TABS.map((t) => (
          <button key={t} type="button" role="tab" id={`${baseId}-${t}-tab`} aria-controls={`${baseId}-${t}-panel`} aria-selected={tab === t}
            tabIndex={tab === t ? 0 : -1} ref={(el) => { tabRefs.current[t] = el; }}
            className={`usa-button${tab === t ? '' : ' usa-button--outline'}`} onClick={() => setTab(t)} onKeyDown={onKeyDown}>
            {label[t]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-${tab}-panel`} aria-labelledby={`${baseId}-${tab}-tab`} tabIndex={0} className="verification-tabs__panel">
        {tab === 'history'
          ? <HistoryTable verificationId={Number(row.id)} />
          : entity?.verification && <RecordView formId={entity.verification.formId} entityId={entityId} ownerId={target.ownerId} />}
      </div>
    </Modal>
  );
}
