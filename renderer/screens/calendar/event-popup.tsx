import { wallClockAsUtc } from '../../../engine/enrollment/calendar-event.js';
import { formatDateTime } from '../../../engine/text/format.js';
import { useMetadata } from '../../app/metadata.js';
import { useDialogs } from '../../components/dialogs.js';
import { Modal } from '../../components/modal.js';
import { useToasts } from '../../components/toasts.js';
import { cancelOwnRegistration, type CalendarEvent } from './calendar-api.js';

/** A wall-clock minute as the registry writes dates and times (MM/DD/YYYY, h:mm AM). */
export const showWallClock = (wallClock: string): string => formatDateTime(wallClockAsUtc(wallClock), 'UTC');

/**
 * The event popup (spec part 3 section 7): name, description, start and end; for a person's place
 * that has not ended (and can be cancelled), Cancel Registration: 'Confirm Cancellation', the
 * cancellation, 'Cancellation Request Complete!', then the calendar reloads (`onChanged`).
 */
export function EventPopup({ event, userId, onClose, onChanged }: { event: CalendarEvent; userId: number; onClose: () => void; onChanged: () => void }) {
  const m = useMetadata();
  const dialogs = useDialogs();
  const toasts = useToasts();
  const cancel = async () => {
    const confirmed = await dialogs.confirm({ title: m.text('enrollment.cancelConfirm.title'), message: m.text('enrollment.cancelConfirm.message'), okLabel: m.text('calendar.confirm') });
    if (!confirmed) return;
    try {
      await cancelOwnRegistration(event.sectionId, userId);
    } catch (e) {
      toasts.showError(e);
      return;
    }
    onClose();
    onChanged();
    await dialogs.alert({ title: m.text('enrollment.cancelled.title'), message: m.text('enrollment.cancelled.message', { course: event.courseName, section: event.sectionName }) });
  };
  const footer = event.cancellable
    ? <li className="usa-button-group__item"><button type="button" className="usa-button usa-button--secondary" onClick={() => void cancel()}>{m.text('calendar.cancelRegistration')}</button></li>
    : undefined;
  return (
    <Modal title={event.name} open onClose={onClose} footer={footer} showBottomClose>
      <dl className="registry-calendar-event">
        <dt>{m.text('calendar.start')}</dt><dd>{showWallClock(event.start)}</dd>
        <dt>{m.text('calendar.end')}</dt><dd>{showWallClock(event.end)}</dd>
        {event.statusText && <><dt>{m.text('calendar.status')}</dt><dd>{event.past ? m.text('calendar.legend.past') : event.statusText}</dd></>}
        {event.description && <><dt>{m.text('calendar.description')}</dt><dd className="registry-calendar-event__description">{event.description}</dd></>}
      </dl>
    </Modal>
  );
}
