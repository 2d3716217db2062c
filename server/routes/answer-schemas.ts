import { Type, type TSchema } from '@fastify/type-provider-typebox';

/**
 * The one error answer (server/plugins/errors.ts): `{ message }`, and for 400 also `errors`, the
 * message per field; a step over several records that is refused names each refused one in `refused`.
 */
export const ErrorAnswer = Type.Object({
  message: Type.String(),
  errors: Type.Optional(Type.Record(Type.String(), Type.String(), { description: 'field (dotted path) to its message; 400 only' })),
  refused: Type.Optional(Type.Array(Type.String(), { description: 'a step over several records: each refused record, named, with its reason' })),
}, { additionalProperties: false, description: 'an error: 400 invalid input, 401 not signed in, 403 not allowed, 404 not found, 409 conflict, 429 too many attempts, 500 our fault' });

/** The answer schemas of a route: its success statuses and the shared error answer for every 4xx and 5xx. */
export function answers<T extends Record<number, TSchema>>(success: T): T & { '4xx': typeof ErrorAnswer; '5xx': typeof ErrorAnswer } {
  return { ...success, '4xx': ErrorAnswer, '5xx': ErrorAnswer };
}

/** A short confirmation for the person: `{ message }`. */
export const MessageAnswer = Type.Object({ message: Type.String() }, { additionalProperties: false });

/** A fresh session token: the JSON text of `{ id, auth_token, expires_in, refresh_at }`. */
export const TokenAnswer = Type.Object({ jwt: Type.String({ description: 'JSON text: id, auth_token, expires_in, refresh_at' }) }, { additionalProperties: false });

/** Search hits and choices: `[{ key, value }]`. */
export const KeyValueList = Type.Array(Type.Object({ key: Type.String(), value: Type.String() }, { additionalProperties: false }));

/**
 * A record whose properties are the entity's fields (metadata decides which), passed through as
 * they are. No type is named, so the serialiser writes it with JSON.stringify (see grid-schemas.ts).
 */
export const RecordValues = Type.Unsafe<Record<string, unknown>>({ description: 'an object: the fields of the entity by name' });

/** A file's details (engine/files/file-info.ts). */
export const FileInfoAnswer = Type.Object({
  fileId: Type.Integer(),
  fileName: Type.String(),
  fileSetId: Type.Union([Type.String(), Type.Null()]),
  fileKey: Type.String(),
  contentType: Type.String(),
  size: Type.Integer(),
}, { additionalProperties: false });

/** A binary answer (a file, a PDF, a CSV): described, never serialised by a schema. */
export const BinaryAnswer = (description: string) => Type.Unsafe<unknown>({ type: 'string', format: 'binary', description });

/** An empty answer (204). */
export const NoContent = Type.Unsafe<undefined>({ type: 'null', description: 'no content' });

/** A value the code reads from a record of unknown shape (typed unknown there), described by its schema. */
export const FromRow = <T extends TSchema>(schema: T) => Type.Unsafe<unknown>(schema);
