import { useMetadata } from '../app/metadata.js';
import { Modal } from '../components/modal.js';

/** The guidance document viewer of the footer: the document embedded, with a link to open it on its own. */
export function GuidanceModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const m = useMetadata();
  const doc = m.tenant.guidanceDocument;
  if (!doc) return null;
  return (
    <Modal title={doc.label} open={open} onClose={onClose} large showBottomClose>
      <p>
        <a className="usa-link" href={doc.href} target="_blank" rel="noreferrer">
          {m.text('footer.openNewWindow')}<span className="usa-sr-only"> {m.text('footer.newWindow')}</span>
        </a>
      </p>
      <iframe className="registry-document-viewer" title={doc.label} src={doc.href} />
    </Modal>
  );
}
