import type { Composition } from '../components/composition/composition-types.js';
import { PANELS, ROW_ACTIONS, SECTION_PANELS, SELECTION_ACTIONS } from './component-registry.js';
import { screenLoader } from './screen-registry.js';

/** The composition root's registries, handed to every screen through CompositionContext. */
export const COMPOSITION: Composition = { screen: screenLoader, rowActions: ROW_ACTIONS, selectionActions: SELECTION_ACTIONS, panels: PANELS, sectionPanels: SECTION_PANELS };
