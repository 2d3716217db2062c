import { FormBody } from '../../form/form-body.js';
import { useFormSession } from '../../form/use-form-session.js';

/** A record's form, read-only (the verification modals' Record view). */
export function RecordView({ formId, entityId, ownerId }: { formId: number; entityId: number; ownerId: number }) {
  const session = useFormSession({ formId, mode: 'view', entityId, primaryEntity: { Id: ownerId } });
  return <FormBody session={session} domId={`verification-record-${entityId}`} onSubmit={(e) => e?.preventDefault()} />;
}
