import { useCallback } from 'react';
import { searchAutocomplete } from '../form-api.js';
import { asText } from '../form-ui-options.js';
import { SearchBox } from './search-box.js';
import { optionsOf, type RegistryWidgetProps } from './widget-props.js';

/**
 * Autocomplete: searches the element's source (or its choices) on the server; the value is the
 * picked key. A held key shows as its choice text, else as the source value the server named
 * when loading the record, else as itself.
 */
export function AutocompleteWidget(props: RegistryWidgetProps) {
  const { element } = optionsOf(props);
  const held = asText(props.value);
  const loaded = props.registry.formContext.valueLabels?.[element.id];
  const heldLabel = element.allChoices.find((c) => String(c.id) === held)?.text ?? (loaded?.key === held ? loaded.label : held);
  const search = useCallback((term: string) => searchAutocomplete(element.id, term), [element.id]);
  return <SearchBox widget={props} heldLabel={heldLabel} search={search} />;
}
