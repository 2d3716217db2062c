import { useAtomValue } from 'jotai';
import { useCallback, useId, useMemo, useRef, useState } from 'react';
import type { FormStateContext, FormValues } from '../../../../engine/forms/form-types.js';
import { resolveFormState } from '../../../../engine/forms/resolve-form-state.js';
import { withListChoices } from '../../../../engine/metadata/choice-lists.js';
import type { Form } from '../../../../engine/metadata/form-schema.js';
import { useMetadata } from '../../../app/metadata.js';
import { useRuleContext } from '../../../app/rule-context.js';
import { profileAtom } from '../../../app/session.js';
import { FormBody } from '../../../form/form-body.js';
import { displayValues, fromFormData, shownErrors, toErrorSchema, toFormData } from '../../../form/form-data.js';
import type { FormDefinition } from '../../../form/form-api.js';
import type { RegistryFormContext, RegistryFormData } from '../../../form/form-ui-options.js';
import { schemaFromForm } from '../../../form/schema-from-form.js';
import { uiSchemaFromState } from '../../../form/ui-schema-from-state.js';
import type { FormSession } from '../../../form/use-form-session.js';

/**
 * The live preview: the form being edited, rendered by the real form renderer (FormBody) with its
 * rules resolved by the rule engine on every change, as a new record of the signed-in person.
 * Nothing loads from or saves to the server: the form need not be saved or valid yet.
 */

/** A form session over a form held in memory (the builder's), for a new record. */
function usePreviewSession(form: Form): FormSession {
  const m = useMetadata();
  const ruleContext = useRuleContext();
  const profile = useAtomValue(profileAtom);
  const [raw, setRaw] = useState<FormValues>({});
  const [submitted, setSubmitted] = useState(false);
  const [submitAttempt, setSubmitAttempt] = useState(0);
  const focusedAttempt = useRef(0);
  const schemas = useMemo(() => schemaFromForm(form), [form]);
  const context = useMemo<FormStateContext>(() => ({ ...ruleContext, texts: m.texts, ...(profile ? { parent: { ...profile } } : {}) }), [ruleContext, m.texts, profile]);
  const state = useMemo(() => resolveFormState(form, raw, context), [form, raw, context]);
  const definition = useMemo<FormDefinition>(() => ({
    formId: form.id, entityTypeId: form.entityTypeId, entity: { Id: 0, EntityTypeId: form.entityTypeId, DisplayValue: null }, canEdit: true, locked: false, elements: [],
  }), [form]);
  const onChange = useCallback((data: RegistryFormData | undefined) => setRaw(fromFormData(form, data)), [form]);
  const submit = useCallback(async () => {
    setSubmitted(true);
    setSubmitAttempt((n) => n + 1);
    return null;
  }, []);
  return {
    schemas, definition, loadError: null, mode: 'add', startEditing: () => undefined, readOnly: false, busy: false, dirty: false,
    uiSchema: uiSchemaFromState(schemas, state, { readOnly: false }),
    formData: toFormData(form, displayValues(form, raw, state.values)),
    extraErrors: toErrorSchema(shownErrors(form, state, { touched: new Set(), submitted, server: {} })),
    formContext: { submitAttempt, focusedAttempt, valueLabels: {}, values: state.values } satisfies RegistryFormContext,
    onChange, onBlur: () => undefined, submit,
  };
}

/** The preview panel: the form with a Check button that shows what would stop it saving. */
export function FormPreview({ form }: { form: Form }) {
  const m = useMetadata();
  const domId = useId();
  const shown = useMemo(() => withListChoices(form, m.choiceLists), [form, m.choiceLists]);
  const session = usePreviewSession(shown);
  return (
    <section className="form-builder__preview" aria-labelledby={`${domId}-heading`}>
      <h2 id={`${domId}-heading`} className="form-builder__heading">{m.text('formBuilder.previewHeading')}</h2>
      <p className="usa-hint">{m.text('formBuilder.previewHint')}</p>
      {form.elements.length === 0
        ? <p>{m.text('formBuilder.previewEmpty')}</p>
        : <>
          <FormBody session={session} domId={`${domId}-form`} onSubmit={(e) => { e?.preventDefault(); void session.submit(async () => false); }} />
          <button type="submit" form={`${domId}-form`} className="usa-button usa-button--outline">{m.text('formBuilder.previewCheck')}</button>
        </>}
    </section>
  );
}
