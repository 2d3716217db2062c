import { useLayoutEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { VerificationOutcome } from './verification-outcome.js';

/**
 * Shows the record's verification outcome at the top of the open record form's body (the large
 * modal the record opener shows). The form modal has no slot for it, so a container is put first
 * in the modal's body and the outcome rendered there; it goes with the modal.
 */
export function OutcomeInView({ entityTypeId, entityId }: { entityTypeId: number; entityId: number }) {
  const [container, setContainer] = useState<HTMLElement | null>(null);
  useLayoutEffect(() => {
    const bodies = document.querySelectorAll<HTMLElement>('.usa-modal--lg .registry-modal__body');
    const body = bodies[bodies.length - 1];
    if (!body) return undefined;
    const div = document.createElement('div');
    div.className = 'registry-outcome-slot';
    body.prepend(div);
    setContainer(div);
    return () => { div.remove(); };
  }, [entityTypeId, entityId]);
  return container ? createPortal(<VerificationOutcome entityTypeId={entityTypeId} entityId={entityId} />, container) : null;
}
