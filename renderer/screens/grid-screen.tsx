import type { Route } from '../../engine/metadata/app-schema.js';
import { useMetadata } from '../app/metadata.js';
import { useComposition } from '../components/composition/composition-context.js';
import { useLoaded } from '../components/composition/use-loaded.js';
import { MetadataGrid } from './metadata-grid.js';
import { ScreenHeading } from './screen-heading.js';
import { ScreenLinks } from './screen-links.js';

/** A route whose screen is a grid: its heading, an optional introduction, links and panel, and the grid with its forms and actions. */
export function GridScreen({ route }: { route: Route }) {
  const m = useMetadata();
  const { sectionPanels } = useComposition();
  const screen = route.screen?.kind === 'grid' ? route.screen : null;
  const Panel = useLoaded(screen?.panel === undefined ? undefined : sectionPanels[screen.panel]);
  const grid = m.grid(screen?.gridId ?? '');
  if (!screen || !grid) return <p>This screen is not available.</p>;
  const title = route.displayName ?? m.entity(grid.entityTypeId)?.displayName ?? grid.id;
  return (
    <div>
      <ScreenHeading id={`${grid.id}-heading`}>{title}</ScreenHeading>
      {screen.intro && <p>{m.text(screen.intro)}</p>}
      <ScreenLinks links={screen.links} />
      {Panel && <Panel params={{ gridId: grid.id }} />}
      <MetadataGrid gridId={grid.id} caption={`${title} records`} />
    </div>
  );
}
