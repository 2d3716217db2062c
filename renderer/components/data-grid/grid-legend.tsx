import type { TextFn } from './grid-types.js';

const ENTRIES = ['view', 'edit', 'delete', 'more'] as const;

/** Help legend for View, Edit, Delete and Additional Actions: shown to role 100 only (spec part 2 section 2). */
export function GridLegend({ text }: { text: TextFn }) {
  return (
    <div className="data-grid__legend">
      <p className="data-grid__legend-title">{text('grid.legendTitle')}</p>
      <ul className="data-grid__legend-list">
        {ENTRIES.map((e) => (
          <li key={e}><strong>{text(`grid.legend.${e}.term`)}</strong> {text(`grid.legend.${e}.text`)}</li>
        ))}
      </ul>
    </div>
  );
}
