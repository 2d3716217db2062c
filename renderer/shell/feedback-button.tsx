import { useAtomValue } from 'jotai';
import { lazy, Suspense, useState } from 'react';
import { useMetadata } from '../app/metadata.js';
import { sessionAtom } from '../app/session.js';

// the form engine (rjsf, ajv) loads with the first form opened, not with every page
const FormModal = lazy(() => import('../form/form-modal.js').then((mod) => ({ default: mod.FormModal })));

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
        <Suspense fallback={null}>
          <FormModal formId={FEEDBACK_FORM_ID} mode="add" onClose={() => setOpen(false)}
            savedToast={{ title: m.text('feedback.sent'), message: m.text('feedback.thanks') }} />
        </Suspense>
      )}
    </>
  );
}
