import type { ErrorSchema } from '@rjsf/utils';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { FormStateContext, FormValues } from '../../engine/forms/form-types.js';
import { resolveFormState } from '../../engine/forms/resolve-form-state.js';
import { ApiError } from '../app/api-client.js';
import { errorText } from '../app/error-text.js';
import { useMetadata } from '../app/metadata.js';
import { useRuleContext } from '../app/rule-context.js';
import { profileAtom } from '../app/session.js';
import { useToasts } from '../components/toasts.js';
import { checkPreSubmission, loadDefinition, saveResponse, type FormDefinition, type FormTargetBody, type PreSubmissionAnswer, type SavedEntity } from './form-api.js';
import {
  changedElements, displayValues, elementResponses, fromFormData, preSubmissionItems, shownErrors, splitServerErrors,
  toErrorSchema, toFormData, valuesFromDefinition,
} from './form-data.js';
import { elementIdOf, type RegistryFormContext, type RegistryFormData } from './form-ui-options.js';
import { schemaFromForm, type FormSchemas, type FormUiSchema } from './schema-from-form.js';
import { uiSchemaFromState } from './ui-schema-from-state.js';

export type FormMode = 'add' | 'view' | 'edit';

export interface FormSessionInput {
  formId: number;
  mode: FormMode;
  entityId?: number;
  primaryEntity?: { Id: number; FirstName?: string; LastName?: string } | null;
}

/** Asks the person about pre-submission messages; true to save anyway. */
export type DecidePreSubmission = (answer: PreSubmissionAnswer) => Promise<boolean>;

/** One open form: its definition, live rule state, values, shown errors and the submit flow. */
export interface FormSession {
  schemas: FormSchemas | null;
  definition: FormDefinition | null;
  loadError: string | null;
  mode: FormMode;
  startEditing: () => void;
  /** view mode or a record the caller may not change */
  readOnly: boolean;
  busy: boolean;
  dirty: boolean;
  uiSchema: FormUiSchema | undefined;
  formData: RegistryFormData;
  extraErrors: ErrorSchema<RegistryFormData>;
  formContext: RegistryFormContext;
  onChange: (data: RegistryFormData | undefined) => void;
  onBlur: (widgetId: string) => void;
  /** validates, runs the pre-submission check, saves; the saved entity, or null when it did not save */
  submit: (decide: DecidePreSubmission) => Promise<SavedEntity | null>;
}

const NO_ERRORS: Record<number, string> = {};

export function useFormSession({ formId, mode: initialMode, entityId, primaryEntity }: FormSessionInput): FormSession {
  const m = useMetadata();
  const toasts = useToasts();
  const ruleContext = useRuleContext();
  const profile = useAtomValue(profileAtom);
  const form = m.form(formId) ?? null;
  const schemas = useMemo(() => (form ? schemaFromForm(form) : null), [form]);

  const [mode, setMode] = useState<FormMode>(initialMode);
  const [definition, setDefinition] = useState<FormDefinition | null>(null);
  const [saving, setSaving] = useState(false);
  // waiting for the person's answer to a pre-submission warning: nothing is loading meanwhile
  const [asking, setAsking] = useState(false);
  const [initial, setInitial] = useState<FormValues>({});
  const [raw, setRaw] = useState<FormValues>({});
  const [touched, setTouched] = useState<ReadonlySet<number>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<number, string>>(NO_ERRORS);
  const [formMessages, setFormMessages] = useState<string[]>([]);
  const [submitAttempt, setSubmitAttempt] = useState(0);
  const focusedAttempt = useRef(0);

  const { Id: ownerId, FirstName: firstName, LastName: lastName } = primaryEntity ?? {};
  const target = useMemo<FormTargetBody>(() => ({
    entities: entityId && form ? [{ Id: entityId, EntityTypeId: form.entityTypeId }] : [],
    primaryEntity: ownerId ? { Id: ownerId, ...(firstName ? { FirstName: firstName } : {}), ...(lastName ? { LastName: lastName } : {}) } : null,
  }), [entityId, form, ownerId, firstName, lastName]);

  // The owner as the rules see `parent` (the server reads the same person from the database).
  const parent = useMemo(() => (ownerId
    ? { id: ownerId, firstName, lastName }
    : profile ? { ...profile } : undefined), [ownerId, firstName, lastName, profile]);
  const row = definition?.row;
  const context = useMemo<FormStateContext>(() => ({ ...ruleContext, texts: m.texts, ...(parent ? { parent } : {}), ...(row ? { row } : {}) }), [ruleContext, m.texts, parent, row]);

  // read once per opening (the values being edited are never replaced by a later read)
  const loaded = useQuery({
    queryKey: ['form', formId, target],
    queryFn: ({ signal }) => loadDefinition(formId, target, signal),
    enabled: form !== null,
    staleTime: Infinity,
    gcTime: 0,
  });
  if (form && loaded.data && loaded.data !== definition) {
    const values = valuesFromDefinition(form, loaded.data.elements);
    setDefinition(loaded.data);
    setInitial(values);
    setRaw(values);
  }
  const loadError = !form ? `Form ${formId} is not defined.`
    : loaded.isError ? (errorText(loaded.error) ?? (loaded.error instanceof Error ? loaded.error.message : String(loaded.error))) : null;

  const state = useMemo(() => (form && definition ? resolveFormState(form, raw, context) : null), [form, definition, raw, context]);
  const baseline = useMemo(() => (form ? resolveFormState(form, initial, context).values : {}), [form, initial, context]);
  const readOnly = mode === 'view' || !definition?.canEdit;
  const dirty = !readOnly && form !== null && state !== null && changedElements(form, baseline, state.values).length > 0;

  const uiSchema = useMemo(() => (schemas && state ? uiSchemaFromState(schemas, state, { readOnly }) : undefined), [schemas, state, readOnly]);
  const formData = useMemo(() => (form && state ? toFormData(form, displayValues(form, raw, state.values)) : {}), [form, state, raw]);
  const extraErrors = useMemo(() => {
    if (!form || !state || readOnly) return {};
    return toErrorSchema(shownErrors(form, state, { touched, submitted, server: serverErrors }), formMessages);
  }, [form, state, readOnly, touched, submitted, serverErrors, formMessages]);
  const valueLabels = useMemo(() => Object.fromEntries((definition?.elements ?? [])
    .filter((e) => e.valueLabel && e.value).map((e) => [e.id, { key: e.value!, label: e.valueLabel! }])), [definition]);
  const formContext = useMemo<RegistryFormContext>(() => ({ submitAttempt, focusedAttempt, valueLabels, values: state?.values }), [submitAttempt, valueLabels, state]);

  const onChange = useCallback((data: RegistryFormData | undefined) => {
    if (!form) return;
    const next = fromFormData(form, data);
    const changed = changedElements(form, raw, next);
    if (changed.length === 0) return;
    setServerErrors((prev) => (changed.some((id) => id in prev)
      ? Object.fromEntries(Object.entries(prev).filter(([id]) => !changed.includes(Number(id))))
      : prev));
    setFormMessages((prev) => (prev.length ? [] : prev));
    setRaw(next);
  }, [form, raw]);

  const onBlur = useCallback((widgetId: string) => {
    const id = elementIdOf(widgetId);
    if (id !== null) setTouched((prev) => (prev.has(id) ? prev : new Set([...prev, id])));
  }, []);

  const startEditing = useCallback(() => {
    setMode('edit');
    setTouched(new Set());
    setSubmitted(false);
  }, []);

  const submit = useCallback(async (decide: DecidePreSubmission): Promise<SavedEntity | null> => {
    if (!form || !state || saving || readOnly) return null;
    setSubmitted(true);
    setServerErrors(NO_ERRORS);
    setFormMessages([]);
    if (Object.keys(state.errors).length > 0) {
      setSubmitAttempt((n) => n + 1);
      return null;
    }
    setSaving(true);
    try {
      const items = preSubmissionItems(form, state.values);
      if (items.length > 0) {
        const answer = await checkPreSubmission(items, target);
        if (answer.messages.length > 0) {
          setAsking(true);
          const go = await decide(answer).finally(() => setAsking(false));
          if (!go) return null;
        }
      }
      const saved = await saveResponse(form.id, elementResponses(form, state.values), target);
      // The saved values are the new baseline: a form that stays open (a page) is no longer dirty.
      setInitial(raw);
      setSubmitted(false);
      setTouched(new Set());
      return saved;
    } catch (e) {
      if (e instanceof ApiError && e.status === 400) {
        const split = splitServerErrors(form, e.fieldErrors);
        const placed = Object.keys(split.elements).length > 0 || split.other.length > 0;
        setServerErrors(split.elements);
        setFormMessages(placed ? split.other : [errorText(e) ?? e.message]);
        setSubmitAttempt((n) => n + 1);
      } else {
        toasts.showError(e);
      }
      return null;
    } finally {
      setSaving(false);
    }
  }, [form, state, raw, saving, readOnly, target, toasts]);

  return {
    schemas, definition, loadError, mode, startEditing, readOnly, busy: (saving && !asking) || (!definition && !loadError), dirty,
    uiSchema, formData, extraErrors, formContext, onChange, onBlur, submit,
  };
}
