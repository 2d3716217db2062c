import { describe, expect, it } from 'vitest';
import { copyrightYear } from '../../../engine/text/copyright.js';
import { exportFileName, formatCell, formatDate } from '../../../engine/text/format.js';

describe('text formatting', () => {
  it.each([
    [new Date(2026, 0, 15), 2026],
    [new Date(2026, 8, 30), 2026],
    [new Date(2026, 9, 1), 2027],
    [new Date(2026, 11, 31), 2027],
  ])('the copyright year on %s is %i (rolls forward in October)', (d, year) => {
    expect(copyrightYear(d)).toBe(year);
  });

  it.each([
    ['2024-03-05', '03/05/2024'],
    ['2024-03-05T10:00:00.000Z', '03/05/2024'],
    ['not a date', 'not a date'],
  ])('formatDate(%s) = %s', (v, out) => {
    expect(formatDate(v)).toBe(out);
  });

  it.each<[Parameters<typeof formatCell>[0], unknown, string]>([
    [{ columnName: 'A', propertyName: 'a', formatDate: true }, '2020-01-02', '01/02/2020'],
    [{ columnName: 'A', propertyName: 'a' }, true, 'Yes'],
    [{ columnName: 'A', propertyName: 'a' }, null, ''],
    [{ columnName: 'A', propertyName: 'a' }, ['x', 'y'], 'x, y'],
    [{ columnName: 'A', propertyName: 'a', formatNumber: true }, 12345.5, '12,345.5'],
  ])('formatCell %j %j', (column, value, out) => {
    expect(formatCell(column, value)).toBe(out);
  });

  it('names exports with prefix, entity, date and time, spaces removed', () => {
    const at = new Date(Date.UTC(2026, 10, 21, 18, 5, 9));
    expect(exportFileName('TN Early Childhood Registry', 'Certification/Credential', 'csv', at, 'UTC')).toBe('TNEarlyChildhoodRegistry_CertificationCredential_20261121_180509.csv');
  });
});
