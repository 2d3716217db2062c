import { useDialogs } from './dialogs.js';
import { useToasts } from './toasts.js';
import { useFlowOnce } from './use-flow-once.js';

/** A confirmed call's texts, already filled in. */
export interface ConfirmedCall {
  title: string;
  question: string;
  call: () => Promise<unknown>;
  /** the success toast */
  done: string;
}

/**
 * A row action that is one confirmed call: the question, then the call and its success toast (or
 * the error's toast); the window closes with whether something changed.
 */
export function useConfirmedCall(make: () => ConfirmedCall, onClose: (changed: boolean) => void): void {
  const dialogs = useDialogs();
  const toasts = useToasts();
  useFlowOnce(async () => {
    const { title, question, call, done } = make();
    if (!(await dialogs.confirm({ title, message: question }))) return false;
    try {
      await call();
      toasts.show({ type: 'success', message: done });
      return true;
    } catch (e) {
      toasts.showError(e);
      return false;
    }
  }, onClose);
}
