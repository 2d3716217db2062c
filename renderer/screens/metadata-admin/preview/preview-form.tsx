import { useId, useState } from 'react';
import { useMetadata } from '../../../app/metadata.js';
import { FormBody } from '../../../form/form-body.js';
import { useFormSession } from '../../../form/use-form-session.js';
import { ScreenHeading } from '../../screen-heading.js';

/** A form as the previewed role fills it in (a new record): its elements and rules live; nothing is saved. */
export function PreviewForm({ formId }: { formId: number }) {
  const m = useMetadata();
  const domId = useId();
  const session = useFormSession({ formId, mode: 'add' });
  const [tried, setTried] = useState(false);
  const form = m.form(formId);
  return (
    <div>
      <ScreenHeading>{form?.name ?? String(formId)}</ScreenHeading>
      <FormBody session={session} domId={domId} onSubmit={(e) => { e?.preventDefault(); setTried(true); }} />
      <button type="submit" form={domId} className="usa-button">{m.text('preview.formSubmit')}</button>
      {tried && <p role="status">{m.text('preview.formNotSaved')}</p>}
    </div>
  );
}
