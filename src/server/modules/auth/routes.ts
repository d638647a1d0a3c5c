import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  authStatusResponse,
  errorResponse,
  errorResponses,
  forgotPasswordBody,
  loginBody,
  loginResponse,
  messageResponse,
  registerBody,
  resetPasswordBody,
} from '../../../shared/schemas/index.js';
import { messages } from '../../../shared/messages.js';
import { forbidden, unauthorized } from '../../errors.js';
import { presentUser } from '../users/presenter.js';
import type { AuthService } from './service.js';

const errors = errorResponses(400, 401, 403, 409, 429);

export async function authRoutes(app: FastifyInstance, { auth }: { auth: AuthService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limits = app.authRateLimits;

  r.get('/api/auth/status', {
    schema: { tags: ['auth'], summary: 'Who is logged in', response: { 200: authStatusResponse } },
    handler: async (request) => {
      const user = request.session?.user;
      return { authenticated: Boolean(user), user: user ? presentUser(user) : null };
    },
  });

  r.post('/api/auth/login', {
    schema: {
      tags: ['auth'],
      summary: 'Log in',
      body: loginBody,
      response: { 200: loginResponse, ...errors },
    },
    preHandler: limits.byAddress('login'),
    handler: async (request, reply) => {
      const { username, password } = request.body;
      await limits.usernameFailures.assertAllowed(request, username);
      const result = await auth.checkCredentials(username, password);
      if (!result.ok) {
        if (result.reason === 'pending')
          throw forbidden(messages.pendingApproval, 'pending_approval');
        if (result.reason === 'inactive')
          throw forbidden(messages.accountInactive, 'account_inactive');
        await limits.usernameFailures.recordFailure(request, username);
        throw unauthorized(messages.invalidCredentials, 'invalid_credentials');
      }
      await app.sessions.create(reply, result.user.id, request.session?.tokenHash);
      return { message: 'Logged in.', user: presentUser(result.user) };
    },
  });

  r.post('/api/auth/logout', {
    schema: {
      tags: ['auth'],
      summary: 'Log out',
      response: { 200: messageResponse, 403: errorResponse },
    },
    handler: async (request, reply) => {
      await app.sessions.destroy(reply, request.session?.tokenHash);
      return { message: messages.loggedOutOk };
    },
  });

  r.post('/api/auth/register', {
    schema: {
      tags: ['auth'],
      summary: 'Register; the user waits for an administrator',
      body: registerBody,
      response: { 201: messageResponse, ...errors },
    },
    preHandler: limits.byAddress('register'),
    handler: async (request, reply) => {
      await auth.register(request.body);
      return reply.status(201).send({ message: messages.registrationPending });
    },
  });

  r.post('/api/auth/forgot-password', {
    schema: {
      tags: ['auth'],
      summary: 'Mail a password reset link',
      body: forgotPasswordBody,
      response: { 200: messageResponse, ...errors },
    },
    preHandler: limits.byAddress('forgot-password'),
    handler: async (request) => {
      await auth.requestPasswordReset(request.body.username);
      return { message: messages.forgotSuccess };
    },
  });

  r.post('/api/auth/reset-password', {
    schema: {
      tags: ['auth'],
      summary: 'Set a new password with a reset token',
      body: resetPasswordBody,
      response: { 200: messageResponse, ...errors },
    },
    preHandler: limits.byAddress('reset-password'),
    handler: async (request) => {
      await auth.resetPassword(request.body);
      return { message: messages.resetSuccess };
    },
  });
}
