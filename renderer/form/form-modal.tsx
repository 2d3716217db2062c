import { useAtomValue } from 'jotai';
import { useCallback, type FormEvent, type ReactNode } from 'react';
import { useMetadata } from '../app/metadata.js';
import { sessionAtom } from '../app/session.js';
import { useDialogs } from '../components/dialogs.js';
import { Modal } from '../components/modal.js';
import { useToasts } from '../components/toasts.js';
import type { PreSubmissionAnswer } from './form-api.js';
import { FormBody } from './form-body.js';
import { useFormSession, type FormMode } from './use-form-session.js';

export interface FormModalProps {
  formId: number;
  mode: FormMode;
  /** the record; absent/0 for a new one */
  entityId?: number;
  /** whose record */
  primaryEntity?: { Id: number; FirstName?: string; LastName?: string } | null;
  /** the grid reloads its summary after close */
  onClose: (saved: boolean) => void;
  /** the toast after saving, instead of '{entity} saved.' (feedback: 'Feedback sent.') */
  savedToast?: { title: string; message: string };
  /** shown above the form in the modal's body (e.g. a record's verification outcome) */
  children?: ReactNode;
}

const TITLE_KEY: Record<FormMode, string> = { add: 'form.titleAdd', view: 'form.titleView', edit: 'form.titleEdit' };

/**
 * A record form in a modal (spec part 2 "Generic data grid", part 4 "Form", part 5 "Form fields"):
 * loads the definition, drives the rjsf uiSchema from the rule engine on every change, and
 * saves through the pre-submission check and POST /api/form/formresponse.
 */
export function FormModal({ formId, mode, entityId, primaryEntity, onClose, savedToast, children }: FormModalProps) {
  const m = useMetadata();
  const dialogs = useDialogs();
  const toasts = useToasts();
  const signedIn = useAtomValue(sessionAtom) !== null;
  const session = useFormSession({ formId, mode, ...(entityId ? { entityId } : {}), primaryEntity: primaryEntity ?? null });
  const form = m.form(formId);
  const entity = form ? m.entity(form.entityTypeId) : undefined;
  const entityName = entity?.displayName ?? entity?.name ?? form?.name ?? '';
  const domId = `registry-form-${formId}`;

  const requestClose = useCallback(async () => {
    if (session.busy && !session.loadError) return;
    if (signedIn && session.dirty && !(await dialogs.confirm({ title: m.text('unsaved.title'), message: m.text('unsaved.close') }))) return;
    onClose(false);
  }, [session.busy, session.loadError, session.dirty, signedIn, dialogs, m, onClose]);

  const decide = useCallback(async (answer: PreSubmissionAnswer): Promise<boolean> => {
    const list = <ul className="usa-list">{answer.messages.map((text) => <li key={text}>{text}</li>)}</ul>;
    if (answer.overridable) {
      return dialogs.confirm({ title: m.text('form.confirmSubmissionTitle'), message: list, okLabel: m.text('form.save'), cancelLabel: m.text('form.cancel') });
    }
    await dialogs.alert({ title: m.text('form.submissionErrorTitle'), message: <><p>{m.text('form.submissionRejected')}</p>{list}</> });
    return false;
  }, [dialogs, m]);

  const onSubmit = useCallback(async (_data: unknown, event?: FormEvent) => {
    event?.preventDefault();
    const saved = await session.submit(decide);
    if (!saved) return;
    toasts.show(savedToast ? { type: 'success', ...savedToast } : { type: 'success', message: m.text('form.saved', { entity: entityName }) });
    onClose(true);
  }, [session, decide, toasts, m, entityName, onClose, savedToast]);

  const canEdit = session.definition?.canEdit === true;
  // Asked to edit a record the caller may not change: it opens read-only, titled View, with a notice.
  const shownMode: FormMode = session.mode === 'edit' && session.definition && !canEdit ? 'view' : session.mode;
  // Distinct keys: React must not turn the clicked Edit button into the Save (submit) button.
  const footer = session.loadError
    ? <li key="close" className="usa-button-group__item"><button type="button" className="usa-button" onClick={() => onClose(false)}>{m.text('form.close')}</button></li>
    : session.readOnly
      ? [
          canEdit && <li key="edit" className="usa-button-group__item"><button type="button" className="usa-button" onClick={session.startEditing}>{m.text('form.edit')}</button></li>,
          <li key="close" className="usa-button-group__item"><button type="button" className="usa-button usa-button--outline" onClick={() => void requestClose()}>{m.text('form.close')}</button></li>,
        ]
      : [
          <li key="save" className="usa-button-group__item"><button type="submit" form={domId} className="usa-button" disabled={session.busy}>{m.text('form.save')}</button></li>,
          <li key="cancel" className="usa-button-group__item"><button type="button" className="usa-button usa-button--unstyled padding-105 text-center" onClick={() => void requestClose()}>{m.text('form.cancel')}</button></li>,
        ];

  return (
    <Modal title={m.text(TITLE_KEY[shownMode], { entity: entityName })} open large busy={session.busy && !session.loadError}
      onClose={() => void requestClose()} footer={footer}>
      {children}
      <FormBody session={session} domId={domId} onSubmit={(event) => void onSubmit(undefined, event)} />
    </Modal>
  );
}
