import { getUiOptions, type FieldTemplateProps, type RJSFSchema } from '@rjsf/utils';
import { elementOptions, type RegistryFormContext, type RegistryFormData } from '../form-ui-options.js';
import { describedBy, labelIdOf } from '../widgets/widget-aria.js';

type Props = FieldTemplateProps<RegistryFormData, RJSFSchema, RegistryFormContext>;

/** The required marker: an asterisk (text, not only colour) explained by the hint above the form. */
export function RequiredMarker() {
  return <> <abbr title="required" className="usa-hint usa-hint--required">*</abbr></>;
}

/**
 * One element in the USWDS layout grid: label (or fieldset/legend for radio and checkbox
 * groups), hint, error message, control. Hidden elements are not rendered at all.
 */
export function FieldTemplate(props: Props) {
  const { id, label, children, errors, help, hidden, rawErrors, classNames, uiSchema } = props;
  if (hidden) return null;
  const options = elementOptions(getUiOptions(uiSchema));
  if (!options) return <div className={classNames}>{children}</div>;
  const hasError = (rawErrors?.length ?? 0) > 0;
  const marker = options.required ? <RequiredMarker /> : null;
  // The column (grid classes) never changes; the error border sits inside it, so an error never
  // moves a field to another column nor pushes its label out of the form's box.
  const column = `registry-field ${classNames ?? ''}`;
  const group = `usa-form-group registry-field__group${hasError ? ' usa-form-group--error' : ''}`;
  const labelClass = `usa-label${hasError ? ' usa-label--error' : ''}`;

  if (options.labelKind === 'legend') {
    const hasHelp = typeof uiSchema?.['ui:help'] === 'string';
    return (
      <div className={column}><div className={group}>
        <fieldset className="usa-fieldset" id={id} aria-describedby={describedBy(id, hasHelp, hasError)}>
          <legend className={`usa-legend ${labelClass}`}>{label}{marker}</legend>
          {help}
          {errors}
          {children}
        </fieldset>
      </div></div>
    );
  }
  const heading = options.labelKind === 'labelledby'
    ? <div className={labelClass} id={labelIdOf(id)}>{label}{marker}</div>
    : options.labelKind === 'label' ? <label className={labelClass} htmlFor={id}>{label}{marker}</label> : null;
  return (
    <div className={column}>
      <div className={group}>
        {heading}
        {help}
        {errors}
        {children}
      </div>
    </div>
  );
}
