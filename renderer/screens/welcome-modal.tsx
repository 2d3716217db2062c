import { useMetadata } from '../app/metadata.js';
import { Modal } from '../components/modal.js';

/** The welcome modal: after the first profile save (spec part 1 section 4) and on the dashboard with displayWelcome. */
export function WelcomeModal({ message, onClose }: { message: string; onClose: () => void }) {
  const m = useMetadata();
  return (
    <Modal title={m.text('welcome.title', { productName: m.tenant.productName })} open onClose={onClose}
      footer={<li className="usa-button-group__item"><button type="button" className="usa-button" onClick={onClose}>{m.text('welcome.close')}</button></li>}>
      <p>{message}</p>
    </Modal>
  );
}
