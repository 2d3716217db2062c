import type { GridIcon as GridIconName } from '../../engine/metadata/grid-schema.js';
import './grid-icon.css';

/** Icon paths (24 x 24) of the U.S. Web Design System icon set. */
const PATHS: Record<GridIconName, string> = {
  hourglass: 'M6 2v6h.01L6 8.01 10 12l-4 4 .01.01H6V22h12v-5.99h-.01L18 16l-4-4 4-3.99-.01-.01H18V2H6zm10 14.5V20H8v-3.5l4-4 4 4zm-4-5-4-4V4h8v3.5l-4 4z',
  'check-circle': 'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2zm-2 15-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8l-9 9z',
  times: 'M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z',
};

/**
 * A decorative icon: hidden from assistive technology, so the text beside it (the cell's value,
 * e.g. 'Approved') is its text alternative.
 */
export function GridIcon({ name }: { name: GridIconName }) {
  return (
    <svg className={`registry-icon registry-icon--${name}`} viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} fill="currentColor" />
    </svg>
  );
}
