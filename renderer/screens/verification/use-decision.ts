import { useCallback } from 'react';
import { useMetadata } from '../../app/metadata.js';
import { useDialogs } from '../../components/dialogs.js';
import { useToasts } from '../../components/toasts.js';
import { useBusyCall } from '../../components/use-busy-call.js';
import { decideVerification, type Decision, type RecordRef } from './verification-api.js';

const TEXTS: Record<Decision, { title: string; message: string; ok: string; done: string }> = {
  verify: { title: 'verification.verifyTitle', message: 'verification.verifyMessage', ok: 'verification.verify', done: 'verification.verified' },
  decline: { title: 'verification.declineTitle', message: 'verification.declineMessage', ok: 'verification.decline', done: 'verification.declined' },
  remove: { title: 'verification.removeTitle', message: 'verification.removeMessage', ok: 'verification.remove', done: 'verification.removed' },
};

/**
 * Verify, Decline or Remove Verification: a dialog for the comment (required to decline,
 * optional otherwise), the call, then 'Record Verified!' / 'Verification Declined!'. True when done.
 */
export function useDecision(target: RecordRef & { ownerId: number; ownerName: string; entityName: string }) {
  const m = useMetadata();
  const dialogs = useDialogs();
  const toasts = useToasts();
  const { busy, run } = useBusyCall();
  const decide = useCallback(async (action: Decision): Promise<boolean> => {
    const t = TEXTS[action];
    const required = action === 'decline';
    const answer = await dialogs.prompt({
      title: m.text(t.title),
      message: m.text(t.message, { entity: target.entityName, name: target.ownerName }),
      okLabel: m.text(t.ok),
      input: { label: m.text(required ? 'verification.commentRequiredLabel' : 'verification.commentLabel'), multiline: true, required },
    });
    if (!answer || answer.button !== 'ok') return false;
    return run(async () => {
      await decideVerification(target, target.ownerId, action, answer.value);
      toasts.show({ type: 'success', message: m.text(t.done) });
    });
  }, [dialogs, m, target, toasts, run]);
  return { busy, decide };
}
