/**
 * Test fixtures of the Profile page: the saved account profile, a fake
 * profile and users API over in-memory state, so that refetches see the changes,
 * and the page opened.
 */
import { screen } from '@testing-library/react';
import { messages } from '../../../shared/messages.js';
import type { User } from '../../../shared/schemas/auth.js';
import type { AccountProfile } from '../../../shared/schemas/profile.js';
import { authStatus, mockApi, testUser, type FakeRoutes, renderPageAt } from '@/test/utils.js';

export const baseProfile = (): AccountProfile => ({
  id: 1,
  accountName: 'Grace Church',
  primaryContactFullName: 'Ann Smith',
  primaryContactPhoneNumber: '555-0100',
  primaryContactEmail: 'ann@example.org',
  primaryContactAddress: '1 Main St',
  responsiblePersons: [
    { fullName: 'Bob Jones', phoneNumber: '555-0101', email: null, address: null },
    { fullName: 'Cat Lee', phoneNumber: null, email: 'cat@example.org', address: 'Elm Rd' },
  ],
});

/**
 * A fake profile and users API over in-memory state. The user's own changes
 * (username, email) reach GET /api/auth/status, as on the server.
 */
export function profileServer(extra: FakeRoutes = {}, user: User = { ...testUser }) {
  const state = { profile: baseProfile(), user };
  const fetchMock = mockApi({
    'GET /api/auth/status': () => authStatus(state.user),
    'GET /api/account/profile': () => ({ body: state.profile }),
    'PUT /api/account/profile': (req) => {
      state.profile = { ...state.profile, ...(req.body as Partial<AccountProfile>) };
      return { body: { message: 'Account profile updated.', account: state.profile } };
    },
    'PUT /api/users/me/username': (req) => {
      state.user = { ...state.user, username: (req.body as { newUsername: string }).newUsername };
      return { body: { message: messages.usernameChanged, user: state.user } };
    },
    'PUT /api/users/me/email': (req) => {
      const { email } = req.body as { email: string | null };
      state.user = { ...state.user, email: email || null };
      const message = email
        ? `Your email address is now ${email}.`
        : 'Your email address is removed.';
      return { body: { message, user: state.user } };
    },
    'PUT /api/users/me/password': () => ({ body: { message: messages.passwordChanged } }),
    ...extra,
  });
  return { fetchMock, state };
}

export async function openProfile() {
  const result = await renderPageAt('/account/profile', 'Profile');
  await screen.findByRole('region', { name: 'Primary Contact' });
  return result;
}
