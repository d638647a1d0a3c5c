import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authStatusKey, type CachedAuthStatus } from '@/lib/api/session.js';
import { callsTo, renderApp, testUser } from '@/test/utils.js';
import { profileServer } from '../profile.testing.js';
import { NO_ACCOUNT_NOTE } from './ProfilePage.js';

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
    const { fetchMock } = profileServer();
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
    const { fetchMock } = profileServer();
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
    const { fetchMock } = profileServer({
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
    profileServer(
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
