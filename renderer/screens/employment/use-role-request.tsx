import { useCallback } from 'react';
import { useMetadata } from '../../app/metadata.js';
import { useDialogs } from '../../components/dialogs.js';
import { useToasts } from '../../components/toasts.js';
import { requestRole } from './employment-api.js';
import type { RequestOption } from './request-options.js';

export interface RequestTarget {
  employmentRecordId: number;
  organizationName: string;
}

/**
 * A role request (spec part 1 sections 4, 5 and 8): a director request from a title other than
 * Director/Administrator, Assistant Director or Owner is refused at once with 'Operation Not
 * Allowed'; otherwise the person confirms, after the warning about what directors will see.
 * True when the request was sent.
 */
export function useRoleRequest(): (target: RequestTarget, option: RequestOption) => Promise<boolean> {
  const m = useMetadata();
  const dialogs = useDialogs();
  const toasts = useToasts();
  return useCallback(async (target, { role, refusal }) => {
    // refused at once by the workflow's rule (the director role for another title): its message, titled 'Operation Not Allowed'
    if (refusal !== null) {
      await dialogs.alert({ title: m.text(`${refusal}Title`), message: m.text(refusal) });
      return false;
    }
    const names = { role: m.text(`role.label.${role}`), organization: target.organizationName };
    const ok = await dialogs.confirm({
      title: m.text('role.requestTitle'),
      okLabel: m.text('role.requestButton'),
      message: (
        <>
          <p>{m.text('role.requestQuestion', names)}</p>
          <div className="usa-alert usa-alert--warning usa-alert--slim"><div className="usa-alert__body"><p className="usa-alert__text">{m.text('role.requestWarning')}</p></div></div>
        </>
      ),
    });
    if (!ok) return false;
    try {
      await requestRole(target.employmentRecordId, role);
      toasts.show({ type: 'success', title: m.text('role.requestSentTitle'), message: m.text('role.requestSent', names) });
      return true;
    } catch (e) {
      toasts.showError(e);
      return false;
    }
  }, [m, dialogs, toasts]);
}
