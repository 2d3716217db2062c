import { useCallback } from 'react';
import { useMetadata } from '../../app/metadata.js';
import { searchCrossReference } from '../form-api.js';
import { asText } from '../form-ui-options.js';
import { SearchBox } from './search-box.js';
import { controlAria } from './widget-aria.js';
import { optionsOf, type RegistryWidgetProps } from './widget-props.js';

/**
 * Entity cross reference: searches another entity type's property (the element's source) and
 * holds the picked record's key. Without a source it says 'Error, Entity Type not defined for element.'
 */
export function EntityCrossReferenceWidget(props: RegistryWidgetProps) {
  const m = useMetadata();
  const { element } = optionsOf(props);
  const source = element.source;
  const search = useCallback(
    (term: string) => (source ? searchCrossReference(source.entityTypeId, source.property, term) : Promise.resolve([])),
    [source],
  );
  if (!source) {
    const messageId = `${props.id}__ecr`;
    return (
      <>
        <span className="usa-error-message" id={messageId}>{m.text('form.ecrNoEntityType')}</span>
        <input id={props.id} name={props.id} className="usa-input" type="text" disabled value={asText(props.value)}
          {...controlAria(props)} aria-describedby={messageId} />
      </>
    );
  }
  return <SearchBox widget={props} heldLabel={asText(props.value)} search={search} />;
}
