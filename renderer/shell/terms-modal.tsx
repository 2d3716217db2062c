import { useEffect, useState } from 'react';
import { useMetadata } from '../app/metadata.js';
import { Modal } from '../components/modal.js';
import { loadTermsText } from './site-config.js';
import { TermsText } from './terms-text.js';

/** The terms-and-conditions modal of the footer (title from the tenant: Terms and Conditions, Terms of Use). */
export function TermsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const m = useMetadata();
  const [text, setText] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!open) return;
    setFailed(false);
    loadTermsText().then(setText, () => setFailed(true));
  }, [open]);
  return (
    <Modal title={m.tenant.termsTitle} open={open} onClose={onClose} large showBottomClose busy={open && text === null && !failed}>
      {failed && <p role="alert">{m.text('error.title')}</p>}
      {text !== null && <TermsText text={text} />}
    </Modal>
  );
}
