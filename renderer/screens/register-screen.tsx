import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { EMAIL_PATTERN, NAME_PATTERN } from '../../engine/rules/account-rules.js';
import { api } from '../app/api-client.js';
import { errorText } from '../app/error-text.js';
import { useMetadata, type MetadataIndex } from '../app/metadata.js';
import { PasswordChecklist } from '../components/password-checklist.js';
import { PasswordInput } from '../components/password-input.js';
import { focusFirstError, newPasswordErrors, Notice, serverFieldErrors, TextField } from './account-fields.js';
import { RegisterTerms } from './register-terms.js';
import { PublicColumn } from './public-column.js';

type Field = 'email' | 'firstName' | 'lastName' | 'password' | 'confirmPassword';
type Errors = Partial<Record<Field | 'termsAccepted', string>>;
const FIELD_IDS: Record<keyof Errors, string> = {
  email: 'register-email', firstName: 'register-first-name', lastName: 'register-last-name',
  password: 'register-password', confirmPassword: 'register-confirm-password', termsAccepted: 'register-terms',
};

/** The same checks as the server (server/domain/accounts/account-rules.ts), before anything is sent. */
function registrationErrors(m: MetadataIndex, v: Record<Field, string>, termsAccepted: boolean): Errors {
  const errors: Errors = {};
  const first = v.firstName.trim();
  const last = v.lastName.trim();
  const email = v.email.trim();
  if (!email) errors.email = m.text('register.emailRequired');
  else if (!EMAIL_PATTERN.test(email)) errors.email = m.text('email.invalid', { email });
  if (!first) errors.firstName = m.text('register.firstNameRequired');
  else if (!NAME_PATTERN.test(first)) errors.firstName = m.text('register.firstNameInvalid');
  if (!last) errors.lastName = m.text('register.lastNameRequired');
  else if (!NAME_PATTERN.test(last)) errors.lastName = m.text('register.lastNameInvalid');
  else if (last.length < 2) errors.lastName = m.text('register.lastNameTooShort');
  Object.assign(errors, newPasswordErrors(m, v.password, v.confirmPassword));
  if (!termsAccepted) errors.termsAccepted = m.text('terms.mustView', { termsTitle: m.tenant.termsTitle });
  return errors;
}

/** Registration (route register, /login/register; query email, fname, lname prefill the form). */
export function RegisterScreen() {
  const m = useMetadata();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [values, setValues] = useState<Record<Field, string>>({
    email: params.get('email') ?? '', firstName: params.get('fname') ?? '', lastName: params.get('lname') ?? '', password: '', confirmPassword: '',
  });
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (f: Field) => (v: string) => setValues((all) => ({ ...all, [f]: v }));
  const title = m.text('register.title');

  const showErrors = (e: Errors) => {
    setErrors(e);
    const order = (Object.keys(FIELD_IDS) as (keyof Errors)[]).filter((k) => e[k]);
    focusFirstError(order.flatMap((k) => (k === 'termsAccepted' ? [FIELD_IDS[k], 'register-terms-open'] : [FIELD_IDS[k]])));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const e = registrationErrors(m, values, termsAccepted);
    if (Object.keys(e).length) return showErrors(e);
    setErrors({});
    setBusy(true);
    try {
      await api('POST', '/accounts', { ...values, email: values.email.trim(), firstName: values.firstName.trim(), lastName: values.lastName.trim(), termsAccepted });
      await navigate('/login?new=true');
    } catch (err) {
      setBusy(false);
      const fields = serverFieldErrors(err);
      if (fields) showErrors(fields as Errors);
      else setFailure(errorText(err) ?? m.text('error.title'));
    }
  };

  const hasErrors = Object.keys(errors).length > 0;
  return (
    <PublicColumn title={title}>
          <h1>{title}</h1>
          <p>{m.text('register.intro')}</p>
          {failure && <Notice type="error">{failure}</Notice>}
          {hasErrors && <Notice type="error">{m.text('register.fixErrors')}</Notice>}
          <form className="usa-form maxw-full" onSubmit={(e) => void submit(e)} noValidate>
            <TextField id="register-email" label={m.text('register.email')} type="email" autoComplete="email" value={values.email} onChange={set('email')} error={errors.email} />
            <TextField id="register-first-name" label={m.text('register.firstName')} autoComplete="given-name" value={values.firstName} onChange={set('firstName')} error={errors.firstName} />
            <TextField id="register-last-name" label={m.text('register.lastName')} autoComplete="family-name" value={values.lastName} onChange={set('lastName')} error={errors.lastName} />
            <PasswordInput id="register-password" label={m.text('register.password')} autoComplete="new-password" value={values.password} onChange={set('password')}
              error={errors.password} describedBy={m.tenant.passwordRules ? 'register-password-rules' : undefined} />
            <PasswordChecklist id="register-password-rules" password={values.password} confirm={values.confirmPassword} />
            <PasswordInput id="register-confirm-password" label={m.text('register.confirmPassword')} autoComplete="new-password" value={values.confirmPassword}
              onChange={set('confirmPassword')} error={errors.confirmPassword} />
            <RegisterTerms accepted={termsAccepted} onAccepted={setTermsAccepted} error={errors.termsAccepted} />
            <button type="submit" className="usa-button margin-top-3" disabled={busy}>{busy ? m.text('register.busy') : m.text('register.submit')}</button>
          </form>
          <p className="margin-top-3">{m.text('register.haveAccount')} <Link to="/login">{m.text('login.title')}</Link></p>
    </PublicColumn>
  );
}
