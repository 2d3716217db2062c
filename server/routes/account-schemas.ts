import { Type } from '@sinclair/typebox';

/** A user id as the browser sends it: a number, or the digits read from a link's query string. */
export const UserIdField = Type.Union([Type.Integer({ minimum: 1 }), Type.String({ pattern: '^[0-9]{1,12}$' })]);
const Code = Type.String({ maxLength: 200 });
const Password = Type.String({ maxLength: 1000 });

export const RegisterBody = Type.Object({
  email: Type.String({ maxLength: 254 }),
  password: Password,
  confirmPassword: Password,
  firstName: Type.String({ maxLength: 100 }),
  lastName: Type.String({ maxLength: 100 }),
  termsAccepted: Type.Optional(Type.Boolean()),
}, { additionalProperties: false });

export const ConfirmBody = Type.Object({
  userId: Type.Optional(Type.Union([UserIdField, Type.Literal(''), Type.Null()])),
  code: Type.Optional(Type.Union([Code, Type.Null()])),
}, { additionalProperties: false });

export const SignInBody = Type.Object({
  userName: Type.String({ minLength: 1, maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: 1000 }),
}, { additionalProperties: false });

export const LinkBody = Type.Object({ userId: UserIdField, code: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false });

export const UserNameBody = Type.Object({ userName: Type.String({ minLength: 1, maxLength: 254 }) }, { additionalProperties: false });

export const ForgotBody = Type.Object({ email: Type.String({ minLength: 1, maxLength: 254 }) }, { additionalProperties: false });

export const ResetBody = Type.Object({
  userId: UserIdField,
  code: Type.String({ maxLength: 200 }),
  password: Password,
  confirmPassword: Type.Optional(Password),
}, { additionalProperties: false });

/** The id as a number; null when absent or empty. */
export function toUserId(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

const OptionalEmail = Type.Optional(Type.Union([Type.String({ maxLength: 254 }), Type.Null()]));

export const EmailChangeBody = Type.Object({
  email: OptionalEmail,
  secondaryEmail: OptionalEmail,
  userName: Type.String({ minLength: 1, maxLength: 254 }),
  fullName: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
}, { additionalProperties: false });

export const SecondaryEmailQuery = Type.Object({ userId: Type.Optional(Type.String({ pattern: '^[0-9]{0,12}$' })) }, { additionalProperties: false });

export const ConfirmSecondaryQuery = Type.Object({ q: Type.String({ minLength: 1, maxLength: 300 }) }, { additionalProperties: false });

export const UserIdBody = Type.Object({ userId: UserIdField }, { additionalProperties: false });
