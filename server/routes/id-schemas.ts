import { Type } from '@fastify/type-provider-typebox';

/** A database row id in a request body (a positive 32-bit integer). */
export const RowId = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** A row id as a query-string or path value: digits only, within the integer range of both databases. */
export const RowIdText = Type.String({ pattern: '^[1-9][0-9]{0,8}$' });

/** A row id as the browser sends it: a number, or the digits read from a link's query string. */
export const RowIdOrText = Type.Union([RowId, RowIdText]);

/** A row id answered by the server (any integer the database holds). */
export const AnsweredId = Type.Integer();

/** Nullable: the value or null. */
export const OrNull = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
