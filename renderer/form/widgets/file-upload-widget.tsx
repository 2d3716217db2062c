import { useState, type ChangeEvent } from 'react';
import { useMetadata } from '../../app/metadata.js';
import { allowsManyFiles, FILE_ACCEPT, fileProblem } from '../file-checks.js';
import { asList } from '../form-ui-options.js';
import { controlAria, describedBy, hasErrors } from './widget-aria.js';
import { optionsOf, type RegistryWidgetProps } from './widget-props.js';

/**
 * File upload (subtypes single, multiple, certificate) on the USWDS file input.
 *
 * WAITING FOR THE FILE API: POST /api/file/upload (multipart: file, fileSetId, entityTypeId,
 * formElementId) comes in a later issue. Until then nothing is uploaded: the chosen file NAMES
 * are kept as the element's value (a string for single/certificate, a list for multiple) so the
 * required check, the one-file rule, the type check and the duplicate check work end to end.
 * When the API lands, upload here on choice, show 'Success, The file {name} uploaded
 * successfully.' / the failure text, and hold the returned file keys instead of the names.
 */
export function FileUploadWidget(props: RegistryWidgetProps) {
  const m = useMetadata();
  const { id, value, readonly, disabled, onChange, onBlur, onFocus, options } = props;
  const { element } = optionsOf(props);
  const many = allowsManyFiles(element.subtype);
  const files = asList(value);
  const [problem, setProblem] = useState<string | null>(null);
  const hintId = `${id}__files-hint`;
  const problemId = `${id}__file-problem`;

  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    let held = files;
    let message: string | null = null;
    for (const file of Array.from(e.target.files ?? [])) {
      const found = fileProblem(file.name, held, element.subtype);
      if (found) message = m.text(found);
      else held = [...held, file.name];
    }
    e.target.value = '';
    setProblem(message);
    if (held !== files) onChange(many ? held : held[0]);
  };
  const remove = (name: string) => {
    const rest = files.filter((f) => f !== name);
    setProblem(null);
    onChange(many && rest.length ? rest : undefined);
  };

  if (readonly) {
    return files.length
      ? <ul id={id} className="usa-list usa-list--unstyled registry-file__list">{files.map((f) => <li key={f}>{f}</li>)}</ul>
      : <p id={id} className="registry-file__none">{m.text('form.fileNone')}</p>;
  }
  const aria = controlAria(props);
  const description = [!many ? hintId : null, problem ? problemId : null, describedBy(id, typeof options.help === 'string', hasErrors(props))]
    .filter(Boolean).join(' ');
  return (
    <div className="registry-file">
      {!many && <div className="usa-hint" id={hintId}>{m.text('file.onlyOne')}</div>}
      {problem && <span className="usa-error-message" id={problemId} role="alert">{problem}</span>}
      <input id={id} name={id} type="file" className="usa-file-input registry-file__input" accept={FILE_ACCEPT} multiple={many}
        disabled={disabled || (!many && files.length > 0)} {...aria} aria-describedby={description || undefined}
        onChange={choose} onBlur={() => onBlur(id, value)} onFocus={() => onFocus(id, value)} />
      {files.length > 0 && (
        <ul className="usa-list usa-list--unstyled registry-file__list">
          {files.map((f) => (
            <li key={f} className="registry-file__item">
              <span>{f}</span>{' '}
              <button type="button" className="usa-button usa-button--unstyled" onClick={() => remove(f)}>{m.text('form.fileRemove', { name: f })}</button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
