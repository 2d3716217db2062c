import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { signIn } from '../domain/sessions/sign-in.js';
import { requireUser } from '../plugins/auth.js';

/** the default of the configuration `signInLock.failures` */
export const MAX_FAILED_LOGINS = 10;
const LoginBody = Type.Object({
  userName: Type.String({ minLength: 1, maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: 1000 }),
}, { additionalProperties: false });

export async function authRoutes(app: FastifyInstance): Promise<void> {
  app.post('/auth/login', { schema: { body: LoginBody } }, async (request) => {
    const { userName, password } = request.body as { userName: string; password: string };
    return signIn(app, request, userName, password);
  });

  app.get('/auth/claims', async (request) => {
    const user = await requireUser(request);
    return { id: user.id, roles: user.roles, activeRole: user.activeRole, permissions: user.claims };
  });
}
