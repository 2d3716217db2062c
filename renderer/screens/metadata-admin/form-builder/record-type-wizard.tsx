import { useId, useState, type FormEvent } from 'react';
import { useMetadata } from '../../../app/metadata.js';
import type { RecordTypeInput } from './record-type-draft.js';

/**
 * A new record type in three questions: its name, the roles who keep records of it, and whether
 * they can be verified. The screen then drafts the entity, form, grid and route and opens the
 * builder on the new form.
 */
export function RecordTypeWizard({ busy, onCreate }: { busy: boolean; onCreate: (input: RecordTypeInput) => void }) {
  const m = useMetadata();
  const id = useId();
  const [name, setName] = useState('');
  const [roles, setRoles] = useState<string[]>([]);
  const [verifiable, setVerifiable] = useState(false);
  const [errors, setErrors] = useState<{ name?: boolean; roles?: boolean }>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = { name: name.trim() === '', roles: roles.length === 0 };
    setErrors(next);
    if (next.name) { document.getElementById(`${id}-name`)?.focus(); return; }
    if (next.roles) { document.getElementById(`${id}-roles`)?.querySelector('input')?.focus(); return; }
    onCreate({ name: name.trim(), roles, verifiable });
  };
  return (
    <form className="usa-form usa-form--large form-builder__wizard" onSubmit={submit} noValidate aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{m.text('formBuilder.wizardHeading')}</h2>
      <p>{m.text('formBuilder.wizardIntro')}</p>
      <div className={`usa-form-group${errors.name ? ' usa-form-group--error' : ''}`}>
        <label className="usa-label" htmlFor={`${id}-name`}>{m.text('formBuilder.wizardName')}</label>
        <span className="usa-hint" id={`${id}-name-hint`}>{m.text('formBuilder.wizardNameHint')}</span>
        {errors.name && <span className="usa-error-message" id={`${id}-name-error`}>{m.text('formBuilder.wizardNameRequired')}</span>}
        <input className={`usa-input${errors.name ? ' usa-input--error' : ''}`} id={`${id}-name`} value={name} maxLength={80}
          aria-describedby={`${id}-name-hint${errors.name ? ` ${id}-name-error` : ''}`} onChange={(e) => { setName(e.target.value); if (e.target.value.trim()) setErrors((x) => ({ ...x, name: false })); }} />
      </div>
      <fieldset className={`usa-fieldset usa-form-group${errors.roles ? ' usa-form-group--error' : ''}`} id={`${id}-roles`} aria-describedby={errors.roles ? `${id}-roles-error` : undefined}>
        <legend className="usa-legend">{m.text('formBuilder.wizardRoles')}</legend>
        {errors.roles && <span className="usa-error-message" id={`${id}-roles-error`}>{m.text('formBuilder.wizardRolesRequired')}</span>}
        {m.roles.filter((r) => r.service !== true).map((r) => (
          <div key={r.id} className="usa-checkbox">
            <input className="usa-checkbox__input" id={`${id}-role-${r.id}`} type="checkbox" checked={roles.includes(r.id)}
              onChange={(e) => { setRoles((prev) => (e.target.checked ? [...prev, r.id] : prev.filter((x) => x !== r.id))); setErrors((x) => ({ ...x, roles: false })); }} />
            <label className="usa-checkbox__label" htmlFor={`${id}-role-${r.id}`}>{r.label}</label>
          </div>
        ))}
      </fieldset>
      <div className="usa-checkbox margin-top-3">
        <input className="usa-checkbox__input" id={`${id}-verifiable`} type="checkbox" checked={verifiable} onChange={(e) => setVerifiable(e.target.checked)} />
        <label className="usa-checkbox__label" htmlFor={`${id}-verifiable`}>{m.text('formBuilder.wizardVerifiable')}</label>
      </div>
      <button type="submit" className="usa-button" disabled={busy}>{m.text('formBuilder.wizardCreate')}</button>
    </form>
  );
}
