import { useState, type FormEvent } from 'react';
import { errorText } from '../app/error-text.js';
import { useMetadata } from '../app/metadata.js';
import { focusFirstError, serverFieldErrors, TextField } from './account-fields.js';

export interface OneFieldFormProps<T> {
  /** the input's id; the server's field error of `field` is shown on it */
  id: string;
  field: string;
  label: string;
  hint?: string;
  type?: 'text' | 'email';
  autoComplete?: string;
  initial: string;
  /** shown on the field when it is sent empty */
  requiredText: string;
  submitLabel: string;
  busyLabel: string;
  /** the call with the trimmed value */
  call: (value: string) => Promise<T>;
  /** each answer, and null when a new submit starts */
  onAnswer: (answer: T | null) => void;
  /** shown when the call fails without a field error */
  onFailure: (text: string | null) => void;
}

/** A form of one required text field and a submit button (forgot password, certificate check). */
export function OneFieldForm<T>({ id, field, label, hint, type, autoComplete, initial, requiredText, submitLabel, busyLabel, call, onAnswer, onFailure }: OneFieldFormProps<T>) {
  const m = useMetadata();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    onAnswer(null);
    onFailure(null);
    if (!value.trim()) {
      setError(requiredText);
      return focusFirstError([id]);
    }
    setError(undefined);
    setBusy(true);
    try {
      onAnswer(await call(value.trim()));
    } catch (err) {
      const fields = serverFieldErrors(err);
      if (fields?.[field]) {
        setError(fields[field]);
        focusFirstError([id]);
      } else onFailure(errorText(err) ?? m.text('error.title'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="usa-form maxw-full" onSubmit={(e) => void submit(e)} noValidate>
      <TextField id={id} label={label} hint={hint} type={type} autoComplete={autoComplete} value={value} onChange={setValue} error={error} />
      <button type="submit" className="usa-button margin-top-3" disabled={busy}>{busy ? busyLabel : submitLabel}</button>
    </form>
  );
}
