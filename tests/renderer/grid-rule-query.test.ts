import { describe, expect, it } from 'vitest';
import { gridRules } from '../../renderer/screens/metadata-admin/grid-editor/rule-query.js';
import { EMPTY_QUERY } from '../../renderer/screens/metadata-admin/rule-query.js';

const ruleToQuery = gridRules.toQuery;
const queryToRule = gridRules.toRule;

/** Row-action visibility rules through the query builder and back (the grid editor's rule editor). */
describe('row-action rules as queries', () => {
  const editable = [
    { '==': [{ var: 'row.status' }, 'Pending'] },
    { and: [{ rule: 'rowEnabled' }, { rule: 'rowUnverified' }, { rule: 'verificationNotRequested' }, { rule: 'ownsRow' }] },
    { and: [{ var: 'row.has100Role' }, { '!': { var: 'row.hasTrainTNAccess' } }, { '!': { rule: 'mayRequestStaffRole' } }] },
    { and: [{ tenant: ['tn'] }, { var: 'row.hasArchivedComplianceReport' }] },
    { or: [{ '==': [{ var: 'user.activeRole' }, '100'] }, { in: [{ var: 'user.activeRole' }, ['200', '300']] }] },
  ];
  for (const rule of editable) {
    it(`reads and writes back ${JSON.stringify(rule)}`, () => {
      const reading = ruleToQuery(rule);
      expect(reading.editable).toBe(true);
      if (reading.editable) expect(queryToRule(reading.query)).toEqual(rule);
    });
  }

  it('reads a named rule as a rule of the query', () => {
    const reading = ruleToQuery({ rule: 'ownsRow' });
    expect(reading).toMatchObject({ editable: true, query: { rules: [{ field: '$rule', operator: '=', value: 'ownsRow' }] } });
  });

  it('keeps rules it cannot express as they are, read-only', () => {
    for (const rule of [{ if: [{ var: 'row.a' }, 1, 2] }, { '!': { and: [{ var: 'row.a' }, { var: 'row.b' }] } }, true, 'x', [1]]) {
      expect(ruleToQuery(rule)).toEqual({ editable: false, rule });
    }
  });

  it('no rule is an empty query, and an empty query writes no rule', () => {
    expect(ruleToQuery(undefined)).toEqual({ editable: true, query: EMPTY_QUERY });
    expect(queryToRule(EMPTY_QUERY)).toBeUndefined();
  });

  it('writes a query made in the builder', () => {
    const rule = queryToRule({ combinator: 'or', rules: [
      { field: 'row.verificationStatus', operator: '!=', value: 'Approved' },
      { field: 'user.activeRole', operator: 'isTrue', value: '' },
      { field: '$tenant', operator: 'in', value: 'tn, al' },
    ] });
    expect(rule).toEqual({ or: [{ '!=': [{ var: 'row.verificationStatus' }, 'Approved'] }, { var: 'user.activeRole' }, { tenant: ['tn', 'al'] }] });
  });
});
