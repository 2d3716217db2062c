import { Type } from '@sinclair/typebox';

/** A database row id in a request body (a positive 32-bit integer). */
export const RowId = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** A row id as a query-string value. */
export const RowIdText = Type.String({ pattern: '^[1-9][0-9]{0,8}$' });
