import type { AppContext } from '../../app-context.js';
import { registerNotificationPayloads } from './notification-live.js';
import { subscribeNotifications } from './notification-subscribers.js';
import { subscribeTrainerReportNotifications } from '../trainer-reports/trainer-report-notifications.js';
import { subscribeEnrollmentNotifications } from '../enrollment/enrollment-notifications.js';
import { subscribeCoachingNotifications } from '../coaching/coaching-notifications.js';
import { subscribeReferenceNotifications } from '../references/reference-notifications.js';

/** Notifications at the app's start: the domain-event subscribers and the live payloads. */
export function registerNotifications(ctx: AppContext): void {
  subscribeNotifications(ctx);
  subscribeTrainerReportNotifications(ctx);
  subscribeEnrollmentNotifications(ctx);
  subscribeCoachingNotifications(ctx);
  subscribeReferenceNotifications(ctx);
  registerNotificationPayloads();
}
