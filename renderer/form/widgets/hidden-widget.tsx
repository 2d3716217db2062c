import { asText } from '../form-ui-options.js';
import type { RegistryWidgetProps } from './widget-props.js';

/** The hidden type: the value travels with the form and nothing is shown (the field template renders nothing). */
export function HiddenWidget({ id, value }: RegistryWidgetProps) {
  return <input type="hidden" id={id} name={id} value={asText(value)} />;
}
