import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useMetadata } from '../app/metadata.js';
import { Modal } from './modal.js';

/** alert / confirm / prompt of spec part 2 "Other": optional checkbox, select, third button. */
export interface DialogOptions {
  title?: string;
  message: ReactNode;
  okLabel?: string;
  cancelLabel?: string;
  thirdLabel?: string;
  checkbox?: { label: string; required?: boolean };
  /** required: the first option (value '') is a placeholder that cannot be chosen */
  select?: { label: string; options: { value: string; label: string }[]; required?: boolean };
  input?: { label: string; multiline?: boolean; required?: boolean; validate?: (value: string) => boolean; invalidMessage?: string };
}

export interface DialogResult {
  button: 'ok' | 'cancel' | 'third';
  value: string;
  checked: boolean;
}

type Kind = 'alert' | 'confirm' | 'prompt';
interface Open extends DialogOptions { kind: Kind; resolve: (r: DialogResult) => void }

export interface Dialogs {
  alert: (o: DialogOptions) => Promise<DialogResult>;
  confirm: (o: DialogOptions) => Promise<boolean>;
  prompt: (o: DialogOptions) => Promise<DialogResult | null>;
}

const DialogContext = createContext<Dialogs | null>(null);

export function useDialogs(): Dialogs {
  const d = useContext(DialogContext);
  if (!d) throw new Error('useDialogs outside DialogProvider');
  return d;
}

function DialogView({ d, close }: { d: Open; close: (r: DialogResult) => void }) {
  const m = useMetadata();
  const [value, setValue] = useState(d.select?.options[0]?.value ?? '');
  const [checked, setChecked] = useState(false);
  const valid = (!d.input || ((!d.input.required || value.trim() !== '') && (d.input.validate?.(value) ?? true))) && (!d.checkbox?.required || checked)
    && (!d.select?.required || value !== '');
  const done = (button: DialogResult['button']) => close({ button, value, checked });
  const showInvalid = d.input !== undefined && value !== '' && !valid;
  return (
    <Modal title={d.title ?? m.text(d.kind === 'alert' ? 'formsUi.alertTitle' : 'formsUi.confirmTitle')} open onClose={() => done('cancel')}
      footer={<>
        <li className="usa-button-group__item"><button type="button" className="usa-button" disabled={d.kind === 'prompt' && !valid} onClick={() => done('ok')}>{d.okLabel ?? m.text('dialog.ok')}</button></li>
        {d.thirdLabel && <li className="usa-button-group__item"><button type="button" className="usa-button usa-button--secondary" disabled={d.kind === 'prompt' && !valid} onClick={() => done('third')}>{d.thirdLabel}</button></li>}
        {d.kind !== 'alert' && <li className="usa-button-group__item"><button type="button" className="usa-button usa-button--unstyled padding-105 text-center" onClick={() => done('cancel')}>{d.cancelLabel ?? m.text('dialog.cancel')}</button></li>}
      </>}>
      <div className="usa-prose registry-dialog__message">{d.message}</div>
      {d.select && (
        <>
          <label className="usa-label" htmlFor="dialog-select">{d.select.label}</label>
          <select className="usa-select" id="dialog-select" value={value} onChange={(e) => setValue(e.target.value)}>
            {d.select.options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
          </select>
        </>
      )}
      {d.input && (
        <>
          <label className="usa-label" htmlFor="dialog-input">{d.input.label}</label>
          {showInvalid && <span className="usa-error-message" id="dialog-input-error">{d.input.invalidMessage ?? 'invalid!'}</span>}
          {d.input.multiline
            ? <textarea className="usa-textarea" id="dialog-input" rows={5} value={value} aria-describedby={showInvalid ? 'dialog-input-error' : undefined} onChange={(e) => setValue(e.target.value)} />
            : <input className="usa-input" id="dialog-input" value={value} aria-describedby={showInvalid ? 'dialog-input-error' : undefined} onChange={(e) => setValue(e.target.value)} />}
        </>
      )}
      {d.checkbox && (
        <div className="usa-checkbox margin-top-2">
          <input className="usa-checkbox__input" id="dialog-checkbox" type="checkbox" checked={checked} onChange={(e) => setChecked(e.target.checked)} />
          <label className="usa-checkbox__label" htmlFor="dialog-checkbox">{d.checkbox.label}</label>
        </div>
      )}
    </Modal>
  );
}

export function DialogProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Open[]>([]);
  const open = useCallback((kind: Kind, o: DialogOptions) => new Promise<DialogResult>((resolve) => setQueue((q) => [...q, { ...o, kind, resolve }])), []);
  const dialogs = useMemo<Dialogs>(() => ({
    alert: (o) => open('alert', o),
    confirm: async (o) => (await open('confirm', o)).button === 'ok',
    prompt: async (o) => {
      const r = await open('prompt', o);
      return r.button === 'cancel' ? null : r;
    },
  }), [open]);
  const current = queue[0];
  return (
    <DialogContext.Provider value={dialogs}>
      {children}
      {current && <DialogView key={queue.length} d={current} close={(r) => { current.resolve(r); setQueue((q) => q.slice(1)); }} />}
    </DialogContext.Provider>
  );
}
