import { Type } from '@fastify/type-provider-typebox';
import { AnsweredId, OrNull, RowIdOrText, RowIdText } from './id-schemas.js';

/** A user id as the browser sends it: a number, or the digits read from a link's query string. */
export const UserIdField = RowIdOrText;
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

export const SecondaryEmailQuery = Type.Object({ userId: Type.Optional(Type.Union([RowIdText, Type.Literal('')], { description: 'empty or absent: the caller' })) }, { additionalProperties: false });

export const ConfirmSecondaryQuery = Type.Object({ q: Type.String({ minLength: 1, maxLength: 300 }) }, { additionalProperties: false });

export const UserIdBody = Type.Object({ userId: UserIdField }, { additionalProperties: false });

/** A user id in a query string (`?userId=`). */
export const UserIdQuery = Type.Object({ userId: RowIdText }, { additionalProperties: false });

/** An organization where a role is held. */
export const RoleOrganization = Type.Object({ organizationId: AnsweredId, organizationName: Type.String() }, { additionalProperties: false });

/** The active role (spec part 1 section 3): role.roleName, role.roleId (both the role code) and its organizations. */
export const ActiveRoleFields = {
  role: Type.Object({ roleName: Type.String(), roleId: Type.String() }, { additionalProperties: false, description: 'the active role' }),
  organizations: Type.Array(RoleOrganization, { description: 'the organizations where the active role is held (none for general roles)' }),
};

export const ProfileAnswer = Type.Object({
  id: AnsweredId,
  firstName: Type.String(),
  lastName: Type.String(),
  userName: Type.String(),
  email: Type.String(),
  registryId: Type.String(),
  firstTime: Type.Boolean(),
  roles: Type.Array(Type.Object({
    roleName: Type.String(),
    organizations: Type.Array(RoleOrganization),
  }, { additionalProperties: false })),
}, { additionalProperties: false });

export const SignInAnswer = Type.Object({
  route: OrNull(Type.String({ description: 'where the browser goes next' })),
  jwt: OrNull(Type.String({ description: 'JSON text: id, auth_token, expires_in, refresh_at' })),
  apiOnly: Type.Optional(Type.Boolean({ description: 'an account for API calls only: no session' })),
}, { additionalProperties: false });

export const ClaimsAnswer = Type.Object({
  id: AnsweredId,
  roles: Type.Array(Type.String()),
  activeRole: Type.String(),
  permissions: Type.Array(Type.String()),
  ...ActiveRoleFields,
}, { additionalProperties: false });

/** POST /api/userorganizationroles/roleswitch: the new token and the new active role with its organizations. */
export const RoleSwitchAnswer = Type.Object({
  jwt: Type.String({ description: 'JSON text: id, auth_token, expires_in, refresh_at' }),
  ...ActiveRoleFields,
}, { additionalProperties: false });

export const UnlockAnswer = Type.Object({ id: AnsweredId, locked: Type.Boolean() }, { additionalProperties: false });
export const TermsAcceptedAnswer = Type.Object({ route: Type.String(), termsVersion: Type.Integer() }, { additionalProperties: false });

export const ConfirmAnswer = Type.Object({
  message: Type.String(),
  id: Type.Optional(AnsweredId),
  email: Type.Optional(Type.String()),
  code: Type.Optional(Type.String({ description: 'present when the account has no password yet: the browser goes on to set one' })),
}, { additionalProperties: false });

export const ManagerConfirmAnswer = Type.Object({ id: AnsweredId, name: Type.String(), userName: Type.String(), confirmed: Type.Boolean(), message: Type.String() }, { additionalProperties: false });
export const ResetAnswer = Type.Object({ message: Type.String(), email: Type.String() }, { additionalProperties: false });

export const SecondaryEmailAnswer = Type.Object({ userId: AnsweredId, secondaryEmail: OrNull(Type.String()), pendingSecondaryEmail: OrNull(Type.String()) }, { additionalProperties: false });
export const EmailChangeAnswer = Type.Object({
  message: Type.String(),
  userName: Type.String(),
  email: Type.String(),
  secondaryEmail: OrNull(Type.String()),
  pendingSecondaryEmail: OrNull(Type.String()),
}, { additionalProperties: false });
export const SecondaryConfirmedAnswer = Type.Object({ message: Type.String(), secondaryEmail: Type.String() }, { additionalProperties: false });
export const NotifyAnswer = Type.Object({ sent: Type.Boolean() }, { additionalProperties: false });
export const SeedAnswer = Type.Object({ firstTime: Type.Boolean() }, { additionalProperties: false });
