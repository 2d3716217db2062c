import type { ComponentType } from 'react';
import type { Route } from '../../../engine/metadata/app-schema.js';
import type { Grid, RowAction } from '../../../engine/metadata/grid-schema.js';
import type { GridRow } from '../data-grid/grid-types.js';

/** A component loaded on demand (one chunk per screen or action family). */
export type Loader<P> = () => Promise<ComponentType<P>>;

/** A route's screen as the router shows it. */
export type ScreenLoader = Loader<{ route: Route }>;

/** A row action that opens its own window (a modal or a dialog flow); `changed` reloads the grid. */
export interface RowActionModalProps {
  grid: Grid;
  row: GridRow;
  onClose: (changed: boolean) => void;
  /** the grid's row action being run (its parameters: a workflow step, a grid window) */
  action?: RowAction;
}

/** The registered names of the generic row actions a grid's row action runs by its parameters. */
export const GENERIC_ROW_ACTIONS = { step: 'workflow-step', gridWindow: 'grid-window' } as const;

/** The component that runs a row action: a generic one when its metadata gives parameters, else the one registered under its id. */
export function rowActionComponent(action: Pick<RowAction, 'id' | 'step' | 'gridWindow'>): string {
  if (action.step) return GENERIC_ROW_ACTIONS.step;
  if (action.gridWindow) return GENERIC_ROW_ACTIONS.gridWindow;
  return action.id;
}

/** What an accordion screen's section shows when it is a registered panel (a bespoke part), with its metadata parameters. */
export interface SectionPanelProps {
  params: Readonly<Record<string, unknown>>;
}

/** An action of a grid's `selectionActions` over the chosen rows; `changed` reloads the grid and clears the choice. */
export interface SelectionActionProps {
  grid: Grid;
  rows: GridRow[];
  onClose: (changed: boolean) => void;
}

/** What a choose-then-list screen shows for the chosen row when its list is a panel (a bespoke part). */
export interface PanelProps {
  chosen: GridRow;
}

/**
 * The components the screens are composed of, by the names metadata gives them: registered at the
 * composition root (renderer/app/) and handed down through CompositionContext, so that no screen
 * imports the registries.
 */
export interface Composition {
  /** the screen of a route (its kind or its bespoke name), null when it has none */
  screen: (route: Route) => ScreenLoader | null;
  /** row actions of grid metadata, by action id, that open a window */
  rowActions: Readonly<Record<string, Loader<RowActionModalProps>>>;
  /** selection actions of grid metadata, by action id */
  selectionActions: Readonly<Record<string, Loader<SelectionActionProps>>>;
  /** the bespoke panels of choose-then-list screens, by name */
  panels: Readonly<Record<string, Loader<PanelProps>>>;
  /** the bespoke panels of accordion screens' sections, by name */
  sectionPanels: Readonly<Record<string, Loader<SectionPanelProps>>>;
}
