import { describe, expect, it } from 'vitest';
import { snakeCase } from '../../../engine/text/snake-case.js';

describe('snakeCase: the default table column of a field id', () => {
  it.each([
    ['school', 'school'],
    ['endDate', 'end_date'],
    ['primaryEntityEmail', 'primary_entity_email'],
    ['fooURL', 'foo_url'],
    ['userID', 'user_id'],
    ['URLValue', 'url_value'],
    ['XMLHttpRequest', 'xml_http_request'],
    ['has200Role', 'has200_role'],
    ['pending100', 'pending100'],
    ['hasTrainTNAccess', 'has_train_tn_access'],
    ['already_snake', 'already_snake'],
  ])('%s → %s', (id, column) => {
    expect(snakeCase(id)).toBe(column);
  });
});
