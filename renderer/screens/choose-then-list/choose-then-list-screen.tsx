import { useCallback, useId, useMemo, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { fullPath } from '../../../engine/access/menu-rules.js';
import type { ChooseThenList, Route } from '../../../engine/metadata/app-schema.js';
import { useMetadata } from '../../app/metadata.js';
import { useComposition } from '../../components/composition/composition-context.js';
import { useLoaded } from '../../components/composition/use-loaded.js';
import type { GridRow } from '../../components/data-grid/grid-types.js';
import { useReloadGrids } from '../../components/data-grid/use-grid-data.js';
import { MetadataGrid } from '../metadata-grid.js';
import { ScreenHeading } from '../screen-heading.js';
import { ChosenActions } from './chosen-actions.js';
import { useChoices } from './use-choices.js';
import './choose-then-list.css';

const nameOf = (row: GridRow, fields: readonly string[]) => fields.map((f) => String(row[f] ?? '')).join(': ');

/**
 * A choose-then-list screen (route metadata `screen.kind` 'choose-then-list'): a dropdown of parent
 * rows (a grid's rows, or the active role's organizations), optionally with an "All" first, then the
 * chosen row's children: a grid filtered on the chosen row's id, or a bespoke panel. With no row
 * the screen shows its empty text or sends the person on.
 */
export function ChooseThenListScreen({ route }: { route: Route }) {
  const screen = route.screen?.kind === 'choose-then-list' ? route.screen : null;
  return screen ? <ChooseThenListOf route={route} screen={screen} /> : null;
}

function ChooseThenListOf({ route, screen }: { route: Route; screen: ChooseThenList }) {
  const m = useMetadata();
  const selectId = useId();
  const { choose } = screen;
  const rows = useChoices(choose.from);
  const [picked, setPicked] = useState('');
  const chosenId = picked || (choose.all || !rows?.[0] ? '' : String(rows[0].id));
  const chosen = rows?.find((r) => String(r.id) === chosenId) ?? null;
  const title = route.displayName ?? route.id;
  if (rows !== null && rows.length === 0 && choose.noneGoesTo) return <Navigate to={fullPath(m.routes, choose.noneGoesTo)} replace />;
  return (
    <div>
      <ScreenHeading id={`${route.id}-heading`}>{title}</ScreenHeading>
      {screen.intro && <p>{m.text(screen.intro)}</p>}
      {rows === null && <p role="status">{m.text('grid.loading')}</p>}
      {rows !== null && rows.length === 0 && choose.empty && <p className="usa-alert__text">{m.text(choose.empty)}</p>}
      {rows !== null && rows.length > 0 && (
        <>
          <div className="usa-form-group registry-choose">
            <label className="usa-label" htmlFor={selectId}>{m.text(choose.label)}</label>
            <select id={selectId} className="usa-select" value={chosenId} disabled={choose.lockedWithOne === true && rows.length === 1} onChange={(e) => setPicked(e.target.value)}>
              {choose.all && <option value="">{m.text(choose.all)}</option>}
              {rows.map((r) => <option key={r.id} value={String(r.id)}>{nameOf(r, choose.option)}</option>)}
            </select>
          </div>
          <ChosenList key={chosenId} screen={screen} chosen={chosen} caption={title} />
        </>
      )}
    </div>
  );
}

/** The chosen row's actions and children (every row's children when "All" is chosen). */
function ChosenList({ screen, chosen, caption }: { screen: ChooseThenList; chosen: GridRow | null; caption: string }) {
  const { panels } = useComposition();
  const list = screen.list;
  const Panel = useLoaded('panel' in list ? panels[list.panel] : undefined);
  const m = useMetadata();
  const reloadGrids = useReloadGrids();
  const entityTypeId = 'gridId' in list ? m.grid(list.gridId)?.entityTypeId : undefined;
  const changed = useCallback(() => { if (entityTypeId !== undefined) reloadGrids(entityTypeId); }, [entityTypeId, reloadGrids]);
  const filters = useMemo(() => ('column' in list && chosen ? [{ column: list.column, value: chosen.id, operation: 'Equals' as const }] : []), [list, chosen]);
  if ('panel' in list) return Panel && chosen ? <Panel chosen={chosen} /> : null;
  return (
    <>
      {chosen && screen.actions && <ChosenActions actions={screen.actions} chosen={chosen} gridId={list.gridId} onChanged={changed} />}
      <MetadataGrid gridId={list.gridId} caption={caption} defaultFilters={filters} />
    </>
  );
}

