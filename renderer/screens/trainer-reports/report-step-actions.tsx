import { useCallback } from 'react';
import { api } from '../../app/api-client.js';
import { useMetadata } from '../../app/metadata.js';
import type { RowActionModalProps } from '../../app/row-action-modals.js';
import { useDialogs } from '../../components/dialogs.js';
import { useToasts } from '../../components/toasts.js';
import { useFlowOnce } from '../../components/use-flow-once.js';

type ReportStep = 'submit' | 'approve' | 'decline';

/** Each step's call (spec part 3 section 7: 455 approves, 456 declines) and its catalogue texts. */
const STEPS: Record<ReportStep, { path: string; status?: number; commentRequired: boolean; heading: string; prompt: string; ok: string; title: string }> = {
  submit: { path: '/reporting/submit', commentRequired: false, heading: 'trainerReport.submitHeading', prompt: 'trainerReport.submitPrompt', ok: 'trainerReport.submit', title: 'trainerReport.submittedTitle' },
  approve: { path: '/reporting/respond', status: 455, commentRequired: false, heading: 'trainerReport.approveHeading', prompt: 'trainerReport.approvePrompt', ok: 'trainerReport.approve', title: 'trainerReport.approvedTitle' },
  decline: { path: '/reporting/respond', status: 456, commentRequired: true, heading: 'trainerReport.declineHeading', prompt: 'trainerReport.declinePrompt', ok: 'trainerReport.decline', title: 'trainerReport.declinedTitle' },
};

/**
 * One step of a trainer report from the DHR Reports grid: a dialog for the comment (required to
 * decline, optional otherwise; spec part 3 section 5), the call, then the server's notice that the
 * submitter has been notified. A refusal shows its message.
 */
function ReportStepAction({ row, onClose, step }: RowActionModalProps & { step: ReportStep }) {
  const m = useMetadata();
  const dialogs = useDialogs();
  const toasts = useToasts();
  const flow = useCallback(async (): Promise<boolean> => {
    const s = STEPS[step];
    const answer = await dialogs.prompt({
      title: m.text(s.heading),
      message: m.text(s.prompt, { title: String(row.title ?? '') }),
      okLabel: m.text(s.ok),
      input: { label: m.text(s.commentRequired ? 'trainerReport.commentRequiredLabel' : 'trainerReport.commentLabel'), multiline: true, required: s.commentRequired },
    });
    if (!answer || answer.button !== 'ok') return false;
    try {
      const done = await api<{ message: string }>('POST', s.path, { reportId: row.id, comment: answer.value.trim() || null, ...(s.status ? { status: s.status } : {}) });
      toasts.show({ type: 'success', title: m.text(s.title), message: done.message });
      return true;
    } catch (e) {
      toasts.showError(e);
      return false;
    }
  }, [dialogs, m, row, step, toasts]);
  useFlowOnce(flow, onClose);
  return null;
}

export const SubmitReportAction = (props: RowActionModalProps) => <ReportStepAction {...props} step="submit" />;
export const ApproveReportAction = (props: RowActionModalProps) => <ReportStepAction {...props} step="approve" />;
export const DeclineReportAction = (props: RowActionModalProps) => <ReportStepAction {...props} step="decline" />;
