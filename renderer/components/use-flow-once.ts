import { useEffect, useRef } from 'react';

/** Runs a dialog flow (confirm, then call) once when mounted and closes with its outcome: a window of dialogs only. */
export function useFlowOnce(flow: () => Promise<boolean>, onClose: (changed: boolean) => void): void {
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void flow().then(onClose);
  }, [flow, onClose]);
}
