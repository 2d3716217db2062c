import { createContext, useContext } from 'react';

/** The ids of the routes that have a screen (the rest are not in the menu yet). */
export const ShownRoutesContext = createContext<Set<string>>(new Set());

export function useShownRoutes(): Set<string> {
  return useContext(ShownRoutesContext);
}
