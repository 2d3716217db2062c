import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useMetadata } from '../app/metadata.js';
import { sessionAtom } from '../app/session.js';
import { FormModal } from '../form/form-modal.js';

export const FEEDBACK_FORM_ID = 29;

/** Feedback in the navigation bar: tenants with the Feedback feature (tn), signed in only; form 29 on entity 32. */
export function FeedbackButton({ onOpen }: { onOpen?: () => void }) {
  const m = useMetadata();
  const session = useAtomValue(sessionAtom);
  const [open, setOpen] = useState(false);
  if (!session || !m.tenant.features.Feedback || !m.form(FEEDBACK_FORM_ID)) return null;
  return (
    <>
      <button type="button" className="usa-button usa-button--unstyled registry-nav__link" onClick={() => { onOpen?.(); setOpen(true); }}>
        {m.text('feedback.button')}
      </button>
      {open && (
        <FormModal formId={FEEDBACK_FORM_ID} mode="add" onClose={() => setOpen(false)}
          savedToast={{ title: m.text('feedback.sent'), message: m.text('feedback.thanks') }} />
      )}
    </>
  );
}
