import type { GridColumn } from '../../../engine/metadata/grid-schema.js';
import { useMetadata } from '../../app/metadata.js';
import { GridIcon } from '../grid-icon.js';
import { cellText } from './grid-format.js';
import type { GridRow } from './grid-types.js';

/** A cell's content: its text (a coded value's text from the catalogue), after the column's icon for that value when it has one. */
export function GridCellContent({ column, row, timeZone }: { column: GridColumn; row: GridRow; timeZone: string }) {
  const texts = useMetadata().texts;
  const raw = cellText(column, row, timeZone);
  const text = column.valueTexts ? (texts[`${column.valueTexts}.${raw}`] ?? raw) : raw;
  const icon = column.icons?.[text];
  if (!icon) return <>{text}</>;
  return <span className="registry-icon-text"><GridIcon name={icon} />{text}</span>;
}
