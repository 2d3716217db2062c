import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Accordion, AccordionSection as Section, Route } from '../../../engine/metadata/app-schema.js';
import { useMetadata } from '../../app/metadata.js';
import { useComposition } from '../../components/composition/composition-context.js';
import { useLoaded } from '../../components/composition/use-loaded.js';
import { AccordionSection } from '../../records/accordion-section.js';
import { MetadataGrid } from '../metadata-grid.js';
import { ScreenHeading } from '../screen-heading.js';
import { ScreenLinks } from '../screen-links.js';
import { initiallyOpen } from './open-sections.js';

/**
 * An accordion screen (route metadata `screen.kind` 'accordion'): collapsible sections, each a grid
 * or a registered panel with its parameters; optionally one open at a time; the query parameter
 * (`openParam`, default `open`) names the section open on arrival, e.g. `?open=pending`.
 */
export function AccordionScreen({ route }: { route: Route }) {
  const screen = route.screen?.kind === 'accordion' ? route.screen : null;
  return screen ? <AccordionOf route={route} screen={screen} /> : null;
}

function AccordionOf({ route, screen }: { route: Route; screen: Accordion }) {
  const m = useMetadata();
  const [search] = useSearchParams();
  const asked = search.get(screen.openParam ?? 'open');
  const [open, setOpen] = useState(() => initiallyOpen(screen, asked));
  // a link to the screen naming another section (the dashboard's count) while it is shown opens that one
  useEffect(() => { if (asked) setOpen(initiallyOpen(screen, asked)); }, [screen, asked]);
  const toggle = (id: string) => setOpen((was) => {
    if (was.has(id)) return new Set([...was].filter((x) => x !== id));
    return new Set(screen.oneOpen ? [id] : [...was, id]);
  });
  const title = route.displayName ?? route.id;
  return (
    <div>
      <ScreenHeading id={`${route.id}-heading`}>{title}</ScreenHeading>
      {screen.intro && <p>{m.text(screen.intro)}</p>}
      <ScreenLinks links={screen.links} />
      <div className="usa-accordion usa-accordion--bordered">
        {screen.sections.map((s) => (
          <AccordionSection key={s.id} title={m.text(s.title)} level={2} open={open.has(s.id)} onToggle={() => toggle(s.id)}>
            <SectionContent section={s} />
          </AccordionSection>
        ))}
      </div>
    </div>
  );
}

function SectionContent({ section }: { section: Section }) {
  const m = useMetadata();
  const { sectionPanels } = useComposition();
  const { content } = section;
  const Panel = useLoaded('panel' in content ? sectionPanels[content.panel] : undefined);
  if ('gridId' in content) return <MetadataGrid gridId={content.gridId} caption={m.text(section.title)} />;
  return Panel ? <Panel params={content.params ?? {}} /> : null;
}
