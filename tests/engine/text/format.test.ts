import { describe, expect, it } from 'vitest';
import { copyrightYear } from '../../../engine/text/copyright.js';
import { exportFileName, formatCell, formatDate, formatDateTime } from '../../../engine/text/format.js';

describe('text formatting', () => {
  it.each([
    ['2026-01-15', 2026],
    ['2026-09-30', 2026],
    ['2026-10-01', 2027],
    ['2026-12-31', 2027],
  ])('the copyright year on %s is %i (rolls forward in October)', (d, year) => {
    expect(copyrightYear(d)).toBe(year);
  });

  it.each([
    ['2024-03-05', '03/05/2024'],
    ['2024-03-05T10:00:00.000Z', '03/05/2024'],
    ['not a date', 'not a date'],
  ])('formatDate(%s) = %s', (v, out) => {
    expect(formatDate(v, 'America/Chicago')).toBe(out);
  });

  it.each([
    // 03:30 UTC on 03/06 is still the evening of 03/05 in the west and in the center
    ['2024-03-06T03:30:00.000Z', 'America/New_York', '03/05/2024', '03/05/2024, 10:30 PM'],
    ['2024-03-06T03:30:00.000Z', 'America/Los_Angeles', '03/05/2024', '03/05/2024, 7:30 PM'],
    ['2024-03-06T05:30:00.000Z', 'America/New_York', '03/06/2024', '03/06/2024, 12:30 AM'],
    ['2024-03-06T05:30:00.000Z', 'America/Chicago', '03/05/2024', '03/05/2024, 11:30 PM'],
    ['2024-03-06 05:30:00', 'America/New_York', '03/06/2024', '03/06/2024, 12:30 AM'],
    ['2024-03-05', 'Pacific/Kiritimati', '03/05/2024', '03/05/2024, 2:00 PM'],
  ])('the instant %s in %s is the date %s and the time %s', (v, zone, date, dateTime) => {
    expect(formatDate(v, zone)).toBe(date);
    expect(formatDateTime(v, zone)).toBe(dateTime);
    expect(formatCell({ columnName: 'A', propertyName: 'a', formatDate: true }, v, zone)).toBe(date);
    expect(formatCell({ columnName: 'A', propertyName: 'a', isTimeStamp: true }, v, zone)).toBe(dateTime);
  });

  it.each<[Parameters<typeof formatCell>[0], unknown, string]>([
    [{ columnName: 'A', propertyName: 'a', formatDate: true }, '2020-01-02', '01/02/2020'],
    [{ columnName: 'A', propertyName: 'a' }, true, 'Yes'],
    [{ columnName: 'A', propertyName: 'a' }, null, ''],
    [{ columnName: 'A', propertyName: 'a' }, ['x', 'y'], 'x, y'],
    [{ columnName: 'A', propertyName: 'a', formatNumber: true }, 12345.5, '12,345.5'],
  ])('formatCell %j %j', (column, value, out) => {
    expect(formatCell(column, value, 'America/Chicago')).toBe(out);
  });

  it('names exports with prefix, entity, date and time, spaces removed', () => {
    const at = new Date(Date.UTC(2026, 10, 21, 18, 5, 9));
    expect(exportFileName('TN Early Childhood Registry', 'Certification/Credential', 'csv', at, 'UTC')).toBe('TNEarlyChildhoodRegistry_CertificationCredential_20261121_180509.csv');
  });
});
