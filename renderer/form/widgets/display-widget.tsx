import { useEffect, useState } from 'react';
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
  const [looked, setLooked] = useState<{ key: number; value: string | null } | null>(null);
  useEffect(() => {
    if (!source || key === null) return;
    let live = true;
    crossReferenceProperty(source.entityTypeId, key, source.property)
      .then((value) => { if (live) setLooked({ key, value }); }, () => { if (live) setLooked({ key, value: null }); });
    return () => { live = false; };
  }, [source, key]);
  const shown = key !== null && looked?.key === key ? (looked.value ?? '') : props.value;
  return <DisplayValue {...props} value={shown} />;
}

/** Training property display: a property of the training a record belongs to, shown read-only. */
export function TrainingPropertyDisplayWidget(props: RegistryWidgetProps) {
  return <DisplayValue {...props} />;
}
