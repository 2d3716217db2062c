import { asText } from '../form-ui-options.js';
import { controlAria } from './widget-aria.js';
import type { RegistryWidgetProps } from './widget-props.js';

/** A value shown, never edited: a read-only input keeps it labelled and reachable by keyboard. */
function DisplayValue(props: RegistryWidgetProps) {
  const { id, value, onBlur, onFocus } = props;
  return (
    <input id={id} name={id} className="usa-input registry-display" type="text" readOnly value={asText(value)}
      {...controlAria({ ...props, options: { help: props.options.help } })}
      onBlur={() => onBlur(id, value)} onFocus={() => onFocus(id, value)} />
  );
}

/**
 * Entity property cross reference: a property of the entity another element refers to. Shows the
 * value the form definition holds; looking the property up live (POST
 * /api/form/entitycrossreferenceproperty) waits for that endpoint.
 */
export function EntityPropertyCrossReferenceWidget(props: RegistryWidgetProps) {
  return <DisplayValue {...props} />;
}

/** Training property display: a property of the training a record belongs to, shown read-only. */
export function TrainingPropertyDisplayWidget(props: RegistryWidgetProps) {
  return <DisplayValue {...props} />;
}
