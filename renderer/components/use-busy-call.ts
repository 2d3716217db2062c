import { useCallback, useState } from 'react';
import { useToasts } from './toasts.js';

/**
 * One remote call behind a busy flag: true while it runs; a failure is shown as an error toast
 * (spec part 1 section 8). `run` answers true when the call succeeded.
 */
export function useBusyCall() {
  const toasts = useToasts();
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (call: () => Promise<unknown>): Promise<boolean> => {
    setBusy(true);
    try {
      await call();
      return true;
    } catch (e) {
      toasts.showError(e);
      return false;
    } finally {
      setBusy(false);
    }
  }, [toasts]);
  return { busy, run };
}
