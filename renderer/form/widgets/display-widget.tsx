import { useQuery } from '@tanstack/react-query';
import { crossReferenceProperty } from '../form-api.js';
import { asText } from '../form-ui-options.js';
import { controlAria } from './widget-aria.js';
import { optionsOf, type RegistryWidgetProps } from './widget-props.js';

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
 * Entity property cross reference (spec part 2 section 3: ecrEntityTypeId, ecrPropertyId,
 * ecrElementId): a property of the record another element of the form refers to, looked up with
 * POST /api/form/entitycrossreferenceproperty whenever that element's value changes. Without a
 * referenced record it shows the value the form definition holds; a failed look-up shows nothing.
 */
export function EntityPropertyCrossReferenceWidget(props: RegistryWidgetProps) {
  const { element } = optionsOf(props);
  const source = element.source;
  const peer = source?.element !== undefined ? props.registry.formContext.values?.[source.element] : undefined;
  const key = typeof peer === 'string' && /^\d+$/.test(peer) ? Number(peer) : null;
  const looked = useQuery({
    queryKey: ['grid', source?.entityTypeId ?? 0, 'cross-reference', key, source?.property ?? ''],
    queryFn: ({ signal }) => crossReferenceProperty(source!.entityTypeId, key!, source!.property, signal),
    enabled: source !== undefined && key !== null,
  });
  const shown = key === null || looked.isPending ? props.value : looked.isError ? '' : (looked.data ?? '');
  return <DisplayValue {...props} value={shown} />;
}

/** Training property display: a property of the training a record belongs to, shown read-only. */
export function TrainingPropertyDisplayWidget(props: RegistryWidgetProps) {
  return <DisplayValue {...props} />;
}
