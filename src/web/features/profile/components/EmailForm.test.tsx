import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { User } from '../../../../shared/schemas/auth.js';
import type { AccountProfile } from '../../../../shared/schemas/profile.js';
import { authStatusKey, type CachedAuthStatus } from '@/lib/api/session.js';
import {
  authStatus,
  callsTo,
  mockApi,
  renderApp,
  setCsrfCookie,
  testUser,
  type FakeRoutes,
} from '@/test/utils.js';
import { NO_ACCOUNT_NOTE } from './ProfilePage.js';

const profile: AccountProfile = {
  id: 1,
  accountName: 'Grace Church',
  primaryContactFullName: 'Ann Smith',
  primaryContactPhoneNumber: '555-0100',
  primaryContactEmail: 'ann@example.org',
  primaryContactAddress: '1 Main St',
  responsiblePersons: [],
};

/** A fake users API that keeps the user's address. */
function emailServer(extra: FakeRoutes = {}, user: User = { ...testUser }) {
  setCsrfCookie();
  const state = { user };
  const fetchMock = mockApi({
    'GET /api/auth/status': () => authStatus(state.user),
    'GET /api/account/profile': { body: profile },
    'PUT /api/users/me/email': (req) => {
      const { email } = req.body as { email: string | null };
      state.user = { ...state.user, email: email || null };
      const message = email
        ? `Your email address is now ${email}.`
        : 'Your email address is removed.';
      return { body: { message, user: state.user } };
    },
    ...extra,
  });
  return { fetchMock, state };
}

async function openEmailSection() {
  const view = renderApp('/account/profile');
  const section = await screen.findByRole('region', { name: 'Email address' }, { timeout: 5000 });
  return { ...view, section, field: within(section).getByLabelText('Email address') };
}

const save = (section: HTMLElement) =>
  userEvent.click(within(section).getByRole('button', { name: 'Save Email Address' }));

const cachedEmail = (view: Awaited<ReturnType<typeof openEmailSection>>) =>
  view.queryClient.getQueryData<CachedAuthStatus>(authStatusKey)?.user?.email;

describe('Profile: email address', () => {
  it('starts from the saved address and saves a new one', async () => {
    const { fetchMock } = emailServer();
    const view = await openEmailSection();
    const { section, field } = view;
    expect(field).toHaveValue(testUser.email);

    await userEvent.clear(field);
    await userEvent.type(field, 'Ann@Example.org');
    await save(section);

    expect(await within(section).findByRole('status')).toHaveTextContent(
      'Your email address is now Ann@Example.org.',
    );
    expect(callsTo(fetchMock, 'PUT /api/users/me/email').map((r) => r.body)).toEqual([
      { email: 'Ann@Example.org' },
    ]);
    expect(cachedEmail(view)).toBe('Ann@Example.org');
  });

  it('clears the address when the field is left empty', async () => {
    const { fetchMock } = emailServer();
    const view = await openEmailSection();
    await userEvent.clear(view.field);
    await save(view.section);

    expect(await within(view.section).findByRole('status')).toHaveTextContent(
      'Your email address is removed.',
    );
    expect(callsTo(fetchMock, 'PUT /api/users/me/email').map((r) => r.body)).toEqual([
      { email: null },
    ]);
    expect(view.field).toHaveValue('');
    expect(cachedEmail(view)).toBeNull();
  });

  it('checks the address before saving and shows the server refusal', async () => {
    const { fetchMock } = emailServer({
      'PUT /api/users/me/email': {
        status: 400,
        body: { message: 'That address is refused.', code: 'validation_failed' },
      },
    });
    const { section, field } = await openEmailSection();
    await userEvent.clear(field);
    await userEvent.type(field, 'not an address');
    await save(section);
    expect(await within(section).findByText('Please enter a valid email address.')).toBeVisible();
    expect(callsTo(fetchMock, 'PUT /api/users/me/email')).toHaveLength(0);

    await userEvent.clear(field);
    await userEvent.type(field, 'ann@example.org');
    await save(section);
    expect(await within(section).findByRole('alert')).toHaveTextContent('That address is refused.');
  });

  it('is offered to a user without an account (church) too, empty when there is none', async () => {
    emailServer(
      {
        'GET /api/account/profile': {
          status: 404,
          body: { message: 'You are not assigned to an account yet.', code: 'no_account' },
        },
      },
      { ...testUser, accountId: null, email: null },
    );
    const { field } = await openEmailSection();
    expect(await screen.findByText(NO_ACCOUNT_NOTE)).toBeInTheDocument();
    expect(field).toHaveValue('');
  });
});
