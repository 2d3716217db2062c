import { useQueries } from '@tanstack/react-query';
import { useMemo, useState, type ChangeEvent } from 'react';
import { ApiError } from '../../app/api-client.js';
import { errorText } from '../../app/error-text.js';
import { useMetadata } from '../../app/metadata.js';
import { useToasts } from '../../components/toasts.js';
import { deleteUpload, downloadFile, fileDetails, newFileSetId, uploadFile } from '../file-api.js';
import { formatFileSize } from '../../../engine/files/file-size.js';
import { allowsManyFiles, FILE_ACCEPT, fileProblem, type FileProblem } from '../file-checks.js';
import { asList } from '../form-ui-options.js';
import { controlAria, describedBy, hasErrors } from './widget-aria.js';
import { optionsOf, type RegistryWidgetProps } from './widget-props.js';

/** What the widget knows of a held file key. */
interface HeldFile {
  name: string;
  /** uploaded while this form is open and not saved yet: removing it deletes it at once */
  pending: boolean;
  /** a stored file that can be downloaded (false for a name kept before the file API) */
  stored: boolean;
}

/**
 * File upload (subtypes single, multiple, certificate) on the USWDS file input. A chosen file is
 * checked (one file, type, duplicate name) and uploaded at once (POST /api/file/upload); the
 * element's value holds the file keys (a string for single/certificate, a list for multiple),
 * and the save attaches them to the record. Removing a file saved with the record takes effect
 * when the record is saved; removing a new upload deletes it at once.
 */
export function FileUploadWidget(props: RegistryWidgetProps) {
  const m = useMetadata();
  const toasts = useToasts();
  const { id, value, readonly, disabled, onChange, onBlur, onFocus, options } = props;
  const { element } = optionsOf(props);
  const many = allowsManyFiles(element.subtype);
  const keys = asList(value);
  const entityTypeId = useMemo(() => m.forms.find((f) => f.elements.some((e) => e.id === element.id))?.entityTypeId ?? 0, [m, element.id]);
  const [fileSetId] = useState(newFileSetId);
  const [chosen, setHeld] = useState<Record<string, HeldFile>>({});
  // the keys the form held when it opened: their names asked for once
  const unknown = keys.filter((k) => !(k in chosen));
  const details = useQueries({ queries: unknown.map((key) => ({ queryKey: ['file', key], queryFn: ({ signal }: { signal: AbortSignal }) => fileDetails(key, signal) })) });
  const held: Record<string, HeldFile> = { ...chosen };
  unknown.forEach((key, i) => {
    const d = details[i];
    if (d?.data) held[key] = { name: d.data.fileName, pending: false, stored: true };
    else if (d?.isError) held[key] = { name: key, pending: false, stored: false };
  });
  const [problem, setProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState<string | null>(null);
  const hintId = `${id}__files-hint`;
  const acceptsId = `${id}__accepts`;
  const maxSize = formatFileSize(m.files.maxBytes);
  const accepts = m.text('formsUi.fileAccepts', { max: maxSize });
  // the spec's message, then what the input accepts (type and size problems)
  const problemText = (found: FileProblem) => (found === 'file.unsupportedType' || found === 'file.tooLarge'
    ? `${m.text(found, { max: maxSize })} ${accepts}` : m.text(found));
  const problemId = `${id}__file-problem`;
  const nameOf = (key: string) => held[key]?.name ?? key;


  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(e.target.files ?? []);
    e.target.value = '';
    let kept = keys;
    let names = keys.map(nameOf);
    let message: string | null = null;
    for (const file of chosen) {
      const found = fileProblem(file, names, element.subtype, m.files.maxBytes);
      if (found) { message = problemText(found); continue; }
      setUploading(file.name);
      try {
        const d = await uploadFile(file, { fileSetId, entityTypeId, formElementId: element.id });
        setHeld((h) => ({ ...h, [d.fileKey]: { name: d.fileName, pending: true, stored: true } }));
        kept = [...kept, d.fileKey];
        names = [...names, d.fileName];
        toasts.show({ type: 'success', message: m.text('file.uploaded', { name: d.fileName }) });
      } catch (err) {
        if (err instanceof ApiError && err.status === 400) message = errorText(err);
        else toasts.show({ type: 'error', message: m.text('file.uploadFailed') });
      }
    }
    setUploading(null);
    setProblem(message);
    if (kept !== keys) onChange(many ? kept : kept[0]);
  };
  const remove = (key: string) => {
    if (held[key]?.pending) void deleteUpload(key, entityTypeId).catch(() => undefined); // left over, it is purged after a day
    const rest = keys.filter((k) => k !== key);
    setProblem(null);
    onChange(many && rest.length ? rest : undefined);
  };
  const download = (key: string) => { downloadFile(key).catch((err: unknown) => toasts.showError(err)); };
  const fileName = (key: string) => (held[key]?.stored
    ? <button type="button" className="usa-button usa-button--unstyled registry-file__download" aria-label={m.text('file.download', { name: nameOf(key) })} onClick={() => download(key)}>{nameOf(key)}</button>
    : <span>{nameOf(key)}</span>);

  if (readonly) {
    return keys.length
      ? <ul id={id} className="usa-list usa-list--unstyled registry-file__list">{keys.map((k) => <li key={k}>{fileName(k)}</li>)}</ul>
      : <p id={id} className="registry-file__none">{m.text('form.fileNone')}</p>;
  }
  const aria = controlAria(props);
  const inputDisabled = disabled || uploading !== null || (!many && keys.length > 0);
  const description = [acceptsId, !many ? hintId : null, problem ? problemId : null, describedBy(id, typeof options.help === 'string', hasErrors(props))]
    .filter(Boolean).join(' ');
  return (
    <div className="registry-file">
      <div className="usa-hint" id={acceptsId}>{accepts}</div>
      {!many && <div className="usa-hint" id={hintId}>{m.text('file.onlyOne')}</div>}
      {problem && <span className="usa-error-message" id={problemId} role="alert">{problem}</span>}
      <div className={`usa-file-input${inputDisabled ? ' usa-file-input--disabled' : ''}`}>
        <div className="usa-file-input__target">
          <div className="usa-file-input__instructions" aria-hidden="true">
            <span className="usa-file-input__drag-text">{m.text(many ? 'formsUi.fileDragMany' : 'formsUi.fileDragOne')}</span>{' '}
            <span className="usa-file-input__choose">{m.text(many ? 'formsUi.fileChooseMany' : 'formsUi.fileChooseOne')}</span>
          </div>
          <div className="usa-file-input__box" />
          <input id={id} name={id} type="file" className="usa-file-input__input registry-file__input" accept={FILE_ACCEPT} multiple={many}
            disabled={inputDisabled} {...aria} aria-describedby={description || undefined}
            onChange={(e) => { void choose(e); }} onBlur={() => onBlur(id, value)} onFocus={() => onFocus(id, value)} />
        </div>
      </div>
      <span className="registry-file__status" role="status">{uploading ? m.text('file.uploading', { name: uploading }) : ''}</span>
      {keys.length > 0 && (
        <ul className="usa-list usa-list--unstyled registry-file__list">
          {keys.map((k) => (
            <li key={k} className="registry-file__item">
              {fileName(k)}{' '}
              <button type="button" className="usa-button usa-button--unstyled" onClick={() => remove(k)}>{m.text('form.fileRemove', { name: nameOf(k) })}</button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
