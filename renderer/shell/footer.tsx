import { copyrightYear } from '../../engine/text/copyright.js';
import { useMetadata } from '../app/metadata.js';

export function Footer() {
  const m = useMetadata();
  return (
    <footer className="usa-footer usa-footer--slim">
      <div className="usa-footer__secondary-section">
        <div className="grid-container">
          <p className="margin-0">© {copyrightYear(new Date())} {m.tenant.productName}</p>
        </div>
      </div>
    </footer>
  );
}
