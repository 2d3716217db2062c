import { useId } from 'react';
import { useMetadata } from '../../app/metadata.js';

/** The legend of the calendar's colors (labels and colors from the text catalogue, calendar.legend.* and calendar.color.*). */
export function CalendarLegend({ entries }: { entries: readonly string[] }) {
  const m = useMetadata();
  const headingId = useId();
  return (
    <section className="registry-calendar-legend" aria-labelledby={headingId}>
      <h3 id={headingId} className="registry-calendar-legend__heading">{m.text('calendar.legend.heading')}</h3>
      <ul className="registry-calendar-legend__list">
        {entries.map((key) => (
          <li key={key} className="registry-calendar-legend__entry">
            <span aria-hidden="true" className="registry-calendar-legend__swatch" style={{ backgroundColor: m.text(`calendar.color.${key}`) }} />
            {m.text(`calendar.legend.${key}`)}
          </li>
        ))}
      </ul>
    </section>
  );
}
