import type { Route } from '../../engine/metadata/app-schema.js';
import { useMetadata } from '../app/metadata.js';
import { ScreenHeading } from './screen-heading.js';

/** The paragraphs of a catalogue text: separated by a blank line, each trimmed, empty ones left out. */
export function paragraphsOf(text: string): string[] {
  return text.split(/\n\s*\n/).map((p) => p.trim()).filter((p) => p !== '');
}

/**
 * A route whose screen is a page of static text (`screen: { kind: 'text', text }`): its heading
 * and the catalogue text, a paragraph per blank-line-separated part (PDP Info, whose words each
 * tenant may say its own way).
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
    </div>
  );
}
