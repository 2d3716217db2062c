import type { Form } from '../../../../engine/metadata/form-schema.js';
import { useMetadata } from '../../../app/metadata.js';

/**
 * The form's elements in order: select one to edit its properties, move it up or down (buttons:
 * keyboard accessible), hide or show it, remove it. An element of the published form may hold
 * saved answers: the server refuses its removal at publish, so it is offered Hide first.
 */
export function ElementList({ form, selected, published, onSelect, onMove, onToggleHidden, onRemove }: {
  form: Form;
  selected: number | null;
  /** the ids of the published form's elements */
  published: ReadonlySet<number>;
  onSelect: (id: number) => void;
  onMove: (id: number, by: -1 | 1) => void;
  onToggleHidden: (id: number) => void;
  onRemove: (id: number) => void;
}) {
  const m = useMetadata();
  return (
    <section className="form-builder__elements" aria-labelledby="form-builder-elements-heading">
      <h2 id="form-builder-elements-heading" className="form-builder__heading">{m.text('formBuilder.elementsHeading')}</h2>
      {form.elements.length === 0 && <p>{m.text('formBuilder.noElements')}</p>}
      <ol className="form-builder__element-list">
        {form.elements.map((e, i) => {
          const name = e.stimulus || String(e.id);
          const hidden = e.visible === false;
          return (
            <li key={e.id} className={`form-builder__element${e.id === selected ? ' is-selected' : ''}`}>
              <button type="button" className="usa-button usa-button--unstyled form-builder__element-name" aria-pressed={e.id === selected} onClick={() => onSelect(e.id)}>
                {name}
              </button>
              <span className="form-builder__element-meta">
                {m.text(`formBuilder.type.${e.type}`)} · {e.id}{e.field ? ` · ${e.field}` : ''}{hidden ? ` · ${m.text('formBuilder.hidden')}` : ''}{(e.rules?.length ?? 0) > 0 ? ` · ${m.text('formBuilder.ruleCount', { count: e.rules!.length })}` : ''}
              </span>
              <span className="form-builder__element-actions">
                <button type="button" className="usa-button usa-button--unstyled" disabled={i === 0} onClick={() => onMove(e.id, -1)} aria-label={m.text('formBuilder.moveUpNamed', { name })}>{m.text('formBuilder.moveUp')}</button>
                <button type="button" className="usa-button usa-button--unstyled" disabled={i === form.elements.length - 1} onClick={() => onMove(e.id, 1)} aria-label={m.text('formBuilder.moveDownNamed', { name })}>{m.text('formBuilder.moveDown')}</button>
                <button type="button" className="usa-button usa-button--unstyled" onClick={() => onToggleHidden(e.id)} aria-label={m.text(hidden ? 'formBuilder.showNamed' : 'formBuilder.hideNamed', { name })}>{m.text(hidden ? 'formBuilder.show' : 'formBuilder.hide')}</button>
                <button type="button" className="usa-button usa-button--unstyled form-builder__remove" onClick={() => onRemove(e.id)} aria-label={m.text('formBuilder.removeNamed', { name })}>
                  {m.text(published.has(e.id) ? 'formBuilder.removePublished' : 'formBuilder.remove')}
                </button>
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
