import { useMetadata } from '../../app/metadata.js';
import { AccordionSection } from '../../records/accordion-section.js';
import type { ResumeSectionView } from './resume-api.js';

interface ResumeSectionProps {
  section: ResumeSectionView;
  chosen: ReadonlySet<number>;
  readOnly: boolean;
  onToggle: (id: number, on: boolean) => void;
}

/**
 * One accordion section of the resume editor: the person's records of one kind, each with an
 * Include? switch. With a maximum (references: 3), further switches are disabled once that many are
 * chosen, and the heading says '(Maximum of 3 allowed)' when more records than that exist.
 */
export function ResumeSection({ section, chosen, readOnly, onToggle }: ResumeSectionProps) {
  const m = useMetadata();
  const full = section.max !== null && chosen.size >= section.max;
  const maxNote = section.max !== null && section.items.length > section.max
    ? ` ${(section.max === 3 ? m.text('resume.editor.max') : m.text('resume.editor.maxOf').replace('{max}', String(section.max)))}` : '';
  return (
    <AccordionSection title={`${section.heading}${maxNote}`} level={3} defaultOpen>
      {section.items.length === 0 ? <p>{m.text('resume.editor.none')}</p> : (
        <ul className="usa-list usa-list--unstyled resume-items" data-section={section.id}>
          {section.items.map((item) => {
            const on = chosen.has(item.id);
            const id = `resume-${section.id}-${item.id}`;
            return (
              <li key={item.id} className="resume-item">
                <div className="usa-checkbox">
                  <input className="usa-checkbox__input" id={id} type="checkbox" role="switch" checked={on}
                    disabled={readOnly || (full && !on)} onChange={(e) => onToggle(item.id, e.target.checked)} />
                  <label className="usa-checkbox__label" htmlFor={id}>
                    <span className="resume-include">{m.text('resume.editor.include')}</span> {item.description}
                  </label>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </AccordionSection>
  );
}
