import { createContext, useContext, type ReactNode } from 'react';

const Nested = createContext(false);

/** Screens shown inside another screen (a tab of a tabs screen) title themselves one level down. */
export function NestedScreens({ children }: { children: ReactNode }) {
  return <Nested.Provider value>{children}</Nested.Provider>;
}

/** A screen's title: the page's one h1, or an h2 below the h1 of the screen holding it. */
export function ScreenHeading({ id, children }: { id?: string; children: ReactNode }) {
  return useContext(Nested) ? <h2 id={id}>{children}</h2> : <h1 id={id}>{children}</h1>;
}
