import { createContext, useContext } from 'react';
import type { Composition } from './composition-types.js';

const NONE: Composition = { screen: () => null, rowActions: {}, selectionActions: {}, panels: {}, sectionPanels: {} };

/** The registries of the composition root (renderer/app/composition.ts), provided by the root. */
export const CompositionContext = createContext<Composition>(NONE);

export function useComposition(): Composition {
  return useContext(CompositionContext);
}
