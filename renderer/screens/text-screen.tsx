import type { Route } from '../../engine/metadata/app-schema.js';
import { useMetadata } from '../app/metadata.js';
import { ScreenHeading } from './screen-heading.js';
import './text-screen.css';

/** The paragraphs of a catalogue text: separated by a blank line, each trimmed, empty ones left out. */
export function paragraphsOf(text: string): string[] {
  return text.split(/\n\s*\n/).map((p) => p.trim()).filter((p) => p !== '');
}

/**
 * A route whose screen is a page of static text (`screen: { kind: 'text', text }`): its heading
 * and the catalogue text, a paragraph per blank-line-separated part (PDP Info, whose words each
 * tenant may say its own way), then the screen's table of catalogue texts when it has one (Career
 * Lattice Info: the eight levels).
 */
export function TextScreen({ route }: { route: Route }) {
  const m = useMetadata();
  const screen = route.screen?.kind === 'text' ? route.screen : null;
  // the registry gives this screen only to text routes
  if (!screen) return null;
  return (
    <div className="registry-text-screen">
      <ScreenHeading id={`${route.id}-heading`}>{route.displayName ?? route.id}</ScreenHeading>
      {paragraphsOf(m.text(screen.text)).map((p, i) => <p key={i} className="maxw-tablet">{p}</p>)}
      {screen.table && (
        <div className="registry-text-table">
          <table className="usa-table usa-table--stacked usa-table--borderless">
            <caption>{m.text(screen.table.caption)}</caption>
            <thead><tr>{screen.table.columns.map((c) => <th key={c} scope="col">{m.text(c)}</th>)}</tr></thead>
            <tbody>
              {screen.table.rows.map((row, i) => (
                <tr key={i}>
                  {row.map((k, j) => (j === 0
                    ? <th key={k} scope="row" data-label={m.text(screen.table!.columns[0]!)}>{m.text(k)}</th>
                    : <td key={k} data-label={m.text(screen.table!.columns[j] ?? '')}>{m.text(k)}</td>))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
