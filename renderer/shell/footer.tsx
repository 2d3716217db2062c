import { useState } from 'react';
import { copyrightYear } from '../../engine/text/copyright.js';
import { todayIn } from '../../engine/rules/today.js';
import { useMetadata } from '../app/metadata.js';
import { GuidanceModal } from './guidance-modal.js';
import { TermsModal } from './terms-modal.js';

/**
 * The footer (spec part 1 section 1): help-center hours and contacts, partner links, the terms
 * modal, the guidance document viewer, and the copyright year that rolls forward in October.
 */
export function Footer() {
  const m = useMetadata();
  const t = m.tenant;
  const [shown, setShown] = useState<'terms' | 'guidance' | null>(null);
  const close = () => setShown(null);
  return (
    <footer className="usa-footer usa-footer--slim registry-footer">
      <div className="usa-footer__primary-section">
        <div className="registry-wide registry-footer__columns">
          <section aria-labelledby="footer-help">
            <h2 id="footer-help" className="registry-footer__heading">{m.text('footer.helpCenter')}</h2>
            <p className="margin-y-05">{m.text('footer.hours')}</p>
            {t.support && (
              <ul className="usa-list usa-list--unstyled">
                <li>{m.text('footer.phone')}: <a className="usa-link" href={`tel:${t.support.phone.replace(/[^\d+]/g, '')}`}>{t.support.phone}</a></li>
                <li>{m.text('footer.email')}: <a className="usa-link" href={`mailto:${t.support.email}`}>{t.support.email}</a></li>
              </ul>
            )}
          </section>
          {t.partnerLinks && t.partnerLinks.length > 0 && (
            <nav aria-labelledby="footer-partners">
              <h2 id="footer-partners" className="registry-footer__heading">{m.text('footer.partners')}</h2>
              <ul className="usa-list usa-list--unstyled">
                {t.partnerLinks.map((l) => (
                  <li key={l.id}><a className="usa-link" href={l.href} target="_blank" rel="noreferrer">{l.label}<span className="usa-sr-only"> {m.text('footer.newWindow')}</span></a></li>
                ))}
              </ul>
            </nav>
          )}
          <div>
            <ul className="usa-list usa-list--unstyled">
              <li><button type="button" className="usa-button usa-button--unstyled" onClick={() => setShown('terms')}>{t.termsTitle}</button></li>
              {t.guidanceDocument && <li><button type="button" className="usa-button usa-button--unstyled" onClick={() => setShown('guidance')}>{t.guidanceDocument.label}</button></li>}
            </ul>
          </div>
        </div>
      </div>
      <div className="usa-footer__secondary-section">
        <div className="registry-wide">
          <p className="margin-0">{m.text('footer.copyright', { year: copyrightYear(todayIn(t.timeZone)), productName: t.productName })}</p>
        </div>
      </div>
      <TermsModal open={shown === 'terms'} onClose={close} />
      <GuidanceModal open={shown === 'guidance'} onClose={close} />
    </footer>
  );
}
