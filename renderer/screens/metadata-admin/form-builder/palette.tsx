import { ELEMENT_TYPES, type ElementType } from '../../../../engine/metadata/form-schema.js';
import { useMetadata } from '../../../app/metadata.js';

/** The field palette: one button per element type of the spec, named for people; a click adds it at the end of the form. */
export function Palette({ onAdd }: { onAdd: (type: ElementType) => void }) {
  const m = useMetadata();
  return (
    <section className="form-builder__palette" aria-labelledby="form-builder-palette-heading">
      <h2 id="form-builder-palette-heading" className="form-builder__heading">{m.text('formBuilder.paletteHeading')}</h2>
      <ul className="form-builder__palette-list">
        {ELEMENT_TYPES.map((type) => (
          <li key={type}>
            <button type="button" className="usa-button usa-button--outline usa-button--small" onClick={() => onAdd(type)}>
              <span className="usa-sr-only">{m.text('formBuilder.add')} </span>{m.text(`formBuilder.type.${type}`)}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
