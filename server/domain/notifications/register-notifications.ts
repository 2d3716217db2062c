import type { AppContext } from '../../app-context.js';
import { registerNotificationPayloads } from './notification-live.js';
import { subscribeNotifications } from './notification-subscribers.js';
import { subscribeEnrollmentNotifications } from '../enrollment/enrollment-notifications.js';
import { subscribeWorkflowNotifications } from './workflow-notifications.js';

/** Notifications at the app's start: the domain-event subscribers and the live payloads. */
export function registerNotifications(ctx: AppContext): void {
  subscribeNotifications(ctx);
  subscribeEnrollmentNotifications(ctx);
  subscribeWorkflowNotifications(ctx);
  registerNotificationPayloads();
}
