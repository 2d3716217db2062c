import { customizeValidator } from '@rjsf/validator-ajv8';
import type { RJSFSchema } from '@rjsf/utils';
import type { FormEvent } from 'react';
import { useMetadata } from '../app/metadata.js';
import { ID_PREFIX, ID_SEPARATOR, type RegistryFormContext, type RegistryFormData } from './form-ui-options.js';
import { RegistryForm } from './theme.js';
import type { FormSession } from './use-form-session.js';
import './form.css';

/** ajv stays for rjsf's schema utilities; values are validated by the rule engine (noValidate). */
const validator = customizeValidator<RegistryFormData, RJSFSchema, RegistryFormContext>();

/**
 * The body of a record form, in a modal or on a page: the load error, the locked notice, the
 * required-fields hint and the rjsf form driven by the session. `domId` names the <form> so a
 * submit button outside it (a modal footer) can submit it.
 */
export function FormBody({ session, domId, onSubmit }: { session: FormSession; domId: string; onSubmit: (event?: FormEvent) => void }) {
  const m = useMetadata();
  const canEdit = session.definition?.canEdit === true;
  return (
    <>
      {session.loadError && (
        <div className="usa-alert usa-alert--error usa-alert--slim" role="alert">
          <div className="usa-alert__body"><p className="usa-alert__text registry-form__message">{session.loadError}</p></div>
        </div>
      )}
      {session.definition && session.mode === 'edit' && !canEdit && (
        <div className="usa-alert usa-alert--info usa-alert--slim"><div className="usa-alert__body"><p className="usa-alert__text">{m.text('form.locked')}</p></div></div>
      )}
      {session.schemas && session.uiSchema && (
        <>
          {!session.readOnly && <p className="usa-hint registry-form__required-hint">{m.text('form.requiredHint')}</p>}
          <RegistryForm
            id={domId}
            className="registry-form"
            schema={session.schemas.schema}
            uiSchema={session.uiSchema}
            formData={session.formData}
            formContext={session.formContext}
            extraErrors={session.extraErrors}
            validator={validator}
            idPrefix={ID_PREFIX}
            idSeparator={ID_SEPARATOR}
            noValidate
            noHtml5Validate
            showErrorList="top"
            onChange={(e) => session.onChange(e.formData)}
            onBlur={(id) => session.onBlur(id)}
            onSubmit={(_e, event) => onSubmit(event)}
          />
        </>
      )}
    </>
  );
}
