/** Where today (YYYY-MM-DD, tenant time zone) lies against a section's registration window. */
export type WindowState = 'open' | 'notStarted' | 'expired';

/** The window's days are inclusive: registration opens on the start date and closes after the deadline date. */
export function registrationWindow(today: string, regStart: string | null, regDeadline: string | null): WindowState {
  if (regStart && today < regStart.slice(0, 10)) return 'notStarted';
  if (regDeadline && today > regDeadline.slice(0, 10)) return 'expired';
  return 'open';
}
