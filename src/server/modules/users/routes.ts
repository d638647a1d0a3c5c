import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assignAccountBody,
  changePasswordBody,
  changeUsernameBody,
  changeUsernameResponse,
  directoryUserSchema,
  errorResponses,
  idParam,
  messageResponse,
  myEmailBody,
  pendingUserSchema,
  updateUserBody,
  userSchema,
  usersQuery,
} from '../../../shared/schemas/index.js';
import { messages } from '../../../shared/messages.js';
import { currentUser, requireAdmin, requireUser } from '../../plugins/auth-guards.js';
import { presentDirectoryUser, presentPendingUser, presentUser } from './presenter.js';
import type { UsersService } from './service.js';
import { pagedAnswer } from '../../paged-answer.js';

const errors = errorResponses(400, 401, 403, 404, 409);

export async function usersRoutes(app: FastifyInstance, { users }: { users: UsersService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put('/api/users/me/username', {
    schema: {
      tags: ['users'],
      summary: 'Change my username',
      body: changeUsernameBody,
      response: { 200: changeUsernameResponse, ...errors },
    },
    preValidation: requireUser,
    handler: async (request) => {
      const updated = await users.changeUsername(currentUser(request).id, request.body.newUsername);
      return { message: messages.usernameChanged, user: presentUser(updated) };
    },
  });

  r.put('/api/users/me/email', {
    schema: {
      tags: ['users'],
      summary: 'Set or clear (null) my email address: where my mails go',
      body: myEmailBody,
      response: { 200: changeUsernameResponse, ...errors },
    },
    preValidation: requireUser,
    handler: async (request) => {
      const updated = await users.changeEmail(currentUser(request).id, request.body.email);
      return {
        message: updated.email
          ? `Your email address is now ${updated.email}.`
          : 'Your email address is removed.',
        user: presentUser(updated),
      };
    },
  });

  r.put('/api/users/me/password', {
    schema: {
      tags: ['users'],
      summary: 'Change my password; my other sessions end',
      body: changePasswordBody,
      response: { 200: messageResponse, ...errors },
    },
    preValidation: requireUser,
    handler: async (request) => {
      const me = currentUser(request);
      await users.changePassword(me.id, request.body.currentPassword, request.body.newPassword);
      await app.sessions.destroyOthers(me.id, request.session?.tokenHash);
      return { message: messages.passwordChanged };
    },
  });

  // Static paths (/api/users, /api/users/pending, /api/users/me/…) and /api/users/:id live side
  // by side: the router prefers a static segment, and the id must be a positive integer.
  r.get('/api/users', {
    schema: {
      tags: ['users'],
      summary:
        'Every user with status and church, by username (admin); filter by status, accountId, or search with q; page with limit/offset',
      querystring: usersQuery,
      response: { 200: z.array(directoryUserSchema), ...errors },
    },
    preValidation: requireAdmin,
    handler: async (request, reply) => {
      const { items, total } = await users.list(request.query);
      return pagedAnswer(reply, request.query, items.map(presentDirectoryUser), total);
    },
  });

  r.patch('/api/users/:id', {
    schema: {
      tags: ['users'],
      summary:
        'Move a user to another church, make or unmake an administrator, deactivate or reactivate (admin)',
      description:
        'active: false logs the user out at once and refuses their login (account_inactive) until active: true. ' +
        'A change that would leave no active administrator answers 409 last_admin; activating or deactivating ' +
        'a registration that waits for approval answers 409 registration_pending; an unknown accountId 404 account_not_found.',
      params: idParam,
      body: updateUserBody,
      response: { 200: directoryUserSchema, ...errors },
    },
    preValidation: requireAdmin,
    handler: async (request) =>
      presentDirectoryUser(
        await users.update(currentUser(request).id, request.params.id, request.body),
      ),
  });

  r.get('/api/users/pending', {
    schema: {
      tags: ['users'],
      summary: 'Registrations waiting for approval (admin)',
      response: { 200: z.array(pendingUserSchema), ...errors },
    },
    preValidation: requireAdmin,
    handler: async () => (await users.listPending()).map(presentPendingUser),
  });

  r.put('/api/users/:id/assign-account', {
    schema: {
      tags: ['users'],
      summary: 'Assign a user to an account (admin)',
      params: idParam,
      body: assignAccountBody,
      response: { 200: userSchema, ...errors },
    },
    preValidation: requireAdmin,
    handler: async (request) =>
      presentUser(await users.assignAccount(request.params.id, request.body.accountId)),
  });

  r.patch('/api/users/:id/approve', {
    schema: {
      tags: ['users'],
      summary: 'Approve a pending registration (admin); it needs an account',
      params: idParam,
      response: { 200: userSchema, ...errors },
    },
    preValidation: requireAdmin,
    handler: async (request) => presentUser(await users.approve(request.params.id)),
  });

  r.delete('/api/users/:id/reject', {
    schema: {
      tags: ['users'],
      summary: 'Reject and delete a pending registration (admin)',
      params: idParam,
      response: { 200: messageResponse, ...errors },
    },
    preValidation: requireAdmin,
    handler: async (request) => {
      await users.reject(request.params.id);
      return { message: messages.userRejected };
    },
  });
}
