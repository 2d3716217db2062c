import { useState, type ReactNode } from 'react';
import { registerButton } from '../../../engine/enrollment/registration-flow.js';
import { formatPhone } from '../../../engine/forms/phone.js';
import { formatDate, formatDateTime } from '../../../engine/text/format.js';
import { useMetadata } from '../../app/metadata.js';
import { Modal } from '../../components/modal.js';
import { useRegistration } from './use-registration.js';
import { useTrainingSection } from './use-training-section.js';

/** A label and its value, left out when there is no value. */
function Item({ label, children }: { label: string; children: ReactNode }) {
  if (children === '' || children === null) return null;
  return (<><dt className="text-bold">{label}</dt><dd className="margin-left-0 margin-bottom-1">{children}</dd></>);
}

/**
 * The training details modal (spec part 3 sections 2 and 5): General, Contact, Session and
 * collapsible Other Information, the registration window and Register with its gating. Closing
 * tells whether a registration call was made (the results then refresh).
 */
export function TrainingDetailsModal({ sectionId, onClose }: { sectionId: number; onClose: (changed: boolean) => void }) {
  const m = useMetadata();
  const register = useRegistration();
  const [changed, setChanged] = useState(false);
  const { section, reload } = useTrainingSection(sectionId, () => onClose(false));
  const tz = m.tenant.timeZone;
  const phone = (number: string, ext: string) => (number ? (ext ? m.text('trainingSearch.phoneExt', { phone: formatPhone(number), ext }) : formatPhone(number)) : '');
  const t = (key: string) => m.text(`trainingSearch.${key}`);
  const button = section ? registerButton(section) : { kind: 'hidden' as const };
  const run = async () => {
    if (!section) return;
    if (await register(section, null)) {
      setChanged(true);
      reload();
    }
  };
  return (
    <Modal title={section?.name ?? t('details')} open large showBottomClose onClose={() => onClose(changed)}
      footer={button.kind === 'hidden' ? undefined : (
        <li className="usa-button-group__item">
          <button type="button" className="usa-button" disabled={button.kind === 'disabled'} onClick={() => void run()}>
            {button.kind === 'disabled' ? m.text(button.labelKey) : t('register')}
          </button>
        </li>
      )}>
      {section && (
        <div className="registry-training-details">
          <h3>{t('general')}</h3>
          <dl>
            <Item label={t('description')}>{section.description}</Item>
            <Item label={t('start')}>{formatDateTime(section.trainingStartDate, tz)}</Item>
            <Item label={t('end')}>{formatDateTime(section.trainingEndDate, tz)}</Item>
            <Item label={t('region')}>{section.region}</Item>
            <Item label={t('deliveryMethod')}>{section.deliveryMethod}</Item>
            <Item label={t('locationName')}>{section.locationName}</Item>
            <Item label={t('phone')}>{phone(section.locationPhone, section.locationPhoneExt)}</Item>
            <Item label={t('address')}>{section.locationAddress}</Item>
          </dl>
          <h3>{t('contact')}</h3>
          <dl>
            <Item label={t('contactName')}>{section.contactName}</Item>
            <Item label={t('phone')}>{phone(section.contactPhone, section.contactPhoneExt)}</Item>
            <Item label={t('email')}>{section.contactEmail ? <a href={`mailto:${section.contactEmail}`}>{section.contactEmail}</a> : ''}</Item>
          </dl>
          <h3>{t('session')}</h3>
          <p className="registry-training-details__text">{section.sessionInformation || t('none')}</p>
          <details className="margin-bottom-2">
            <summary className="text-bold">{t('other')}</summary>
            <p className="registry-training-details__text">{section.otherInformation || t('none')}</p>
          </details>
          <dl>
            <Item label={t('regStart')}>{section.regStartDate ? formatDate(section.regStartDate, tz) : ''}</Item>
            <Item label={t('regEnd')}>{section.regDeadlineDate ? formatDate(section.regDeadlineDate, tz) : ''}</Item>
            <Item label={t('status')}>{section.status}</Item>
          </dl>
        </div>
      )}
    </Modal>
  );
}
