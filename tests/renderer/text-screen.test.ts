import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { indexMetadata, MetadataContext } from '../../renderer/app/metadata.js';
import { paragraphsOf, TextScreen } from '../../renderer/screens/text-screen.js';
import { loadConfig } from '../../server/config.js';
import { clientMetadata } from '../../server/metadata/client-metadata.js';
import { loadRegistry } from '../../server/metadata/load-metadata.js';

/** The `text` screen kind (issue 27): a page of catalogue text, PDP Info in tn and jh, none in al. */

/** The markup of a tenant's route whose screen is a text page, as the browser would show it. */
function rendered(tenant: string, routeId: string): string | null {
  const { registry } = loadRegistry(process.cwd(), tenant);
  const route = registry!.routes.find((r) => r.id === routeId);
  if (!route) return null;
  const m = indexMetadata(clientMetadata(registry!, loadConfig({})));
  return renderToStaticMarkup(createElement(MetadataContext.Provider, { value: m }, createElement(TextScreen, { route })));
}

describe('the text screen', () => {
  it('splits a text into paragraphs at blank lines, trimmed, empty ones left out', () => {
    expect(paragraphsOf('One.\n\n  Two, and\nstill two.  \n \n\n\nThree.\n\n')).toEqual(['One.', 'Two, and\nstill two.', 'Three.']);
    expect(paragraphsOf('  ')).toEqual([]);
  });

  it('shows PDP Info under its heading, as each tenant says it', () => {
    const jh = rendered('jh', 'pdp-info')!;
    const tn = rendered('tn', 'pdp-info')!;
    expect(jh.startsWith('<div class="registry-text-screen"><h1 id="pdp-info-heading">PDP Info</h1><p')).toBe(true);
    expect(jh.match(/<p /g)).toHaveLength(4);
    expect(tn).toContain('Tennessee early childhood professional');
    expect(tn).toContain('see your development plan');
    expect(jh).not.toContain('Tennessee');
    expect(rendered('al', 'pdp-info')).toBeNull();
  });

  it('shows Career Lattice Info (al) with its table of eight levels, a text per cell', () => {
    const al = rendered('al', 'career-info')!;
    expect(al).toContain('<caption>The eight levels of the career lattice</caption>');
    expect(al.match(/<th scope="row"/g)).toHaveLength(8);
    expect(al).toContain('data-label="Resources">Graduate programs in early childhood education');
    expect(rendered('tn', 'career-info')).toBeNull();
  });

  it('shows nothing for a route of another kind', () => {
    const { registry } = loadRegistry(process.cwd(), 'jh');
    const route = registry!.routes.find((r) => r.id === 'pdp-goals')!;
    const m = indexMetadata(clientMetadata(registry!, loadConfig({})));
    expect(renderToStaticMarkup(createElement(MetadataContext.Provider, { value: m }, createElement(TextScreen, { route })))).toBe('');
  });
});
