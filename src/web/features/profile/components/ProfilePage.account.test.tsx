/**
 * Profile: loading the account profile, and saving its primary contact, its
 * name and its responsible persons.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../../shared/messages.js';
import { callsTo, renderApp, region } from '@/test/utils.js';
import { baseProfile, openProfile, profileServer } from '../profile.testing.js';
import { NO_ACCOUNT_NOTE } from './ProfilePage.js';

describe('Profile: loading', () => {
  it('shows every section with the saved values, one h1 and the current username', async () => {
    profileServer();
    await openProfile();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const contact = region('Primary Contact');
    expect(within(contact).getByLabelText('Full name')).toHaveValue('Ann Smith');
    expect(within(contact).getByLabelText('Phone number')).toHaveValue('555-0100');
    expect(within(contact).getByLabelText('Address')).toHaveValue('1 Main St');
    expect(within(contact).getByLabelText('Email')).toHaveValue('ann@example.org');
    expect(within(region('Account Name')).getByLabelText(/Account name/)).toHaveValue(
      'Grace Church',
    );
    const persons = within(region('Responsible Persons')).getByRole('list', {
      name: 'Responsible persons',
    });
    expect(within(persons).getAllByRole('listitem')).toHaveLength(2);
    expect(within(persons).getByText('Bob Jones')).toBeInTheDocument();
    expect(within(persons).getByText('Email: cat@example.org')).toBeInTheDocument();
    expect(within(region('Change Username')).getByText('member')).toBeInTheDocument();
    expect(region('Change Password')).toBeInTheDocument();
    expect(document.title).toMatch(/^Profile/);
  });

  it("lets a responsible person's long email wrap instead of widening the page", async () => {
    // Layout is measured in tests/e2e/phone-account.spec.ts; here, what lets it wrap.
    const email = 'youth.ministry@stmarksparish.org';
    const { state } = profileServer();
    state.profile.responsiblePersons = [
      { fullName: 'Youth Office', phoneNumber: null, email, address: null },
    ];
    await openProfile();
    const line = within(region('Responsible Persons')).getByText(`Email: ${email}`);
    // It may wrap after its '@' and each '.', and anywhere as a last resort.
    expect(line.querySelectorAll('wbr')).toHaveLength(3);
    let el: HTMLElement | null = line;
    while (el && el.style.overflowWrap !== 'anywhere') el = el.parentElement;
    expect(el, 'an element with overflow-wrap: anywhere around it').not.toBeNull();
  });

  it('shows the load failure text and still offers the username and password forms', async () => {
    profileServer({ 'GET /api/account/profile': { status: 500, body: { message: 'Boom.' } } });
    renderApp('/account/profile');
    expect(await screen.findByText(messages.accountProfileFailed)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Primary Contact' })).not.toBeInTheDocument();
    expect(region('Change Username')).toBeInTheDocument();
    expect(region('Change Password')).toBeInTheDocument();
  });

  it('tries again after a load failure', async () => {
    let fail = true;
    profileServer({
      'GET /api/account/profile': () => (fail ? { status: 500 } : { body: baseProfile() }),
    });
    renderApp('/account/profile');
    await screen.findByText(messages.accountProfileFailed);
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Primary Contact' })).toBeInTheDocument();
    expect(screen.queryByText(messages.accountProfileFailed)).not.toBeInTheDocument();
  });

  it('a user without an account sees a note and the username and password forms', async () => {
    profileServer({
      'GET /api/account/profile': {
        status: 404,
        body: { message: 'You are not assigned to an account yet.', code: 'no_account' },
      },
    });
    renderApp('/account/profile');
    expect(await screen.findByText(NO_ACCOUNT_NOTE)).toBeInTheDocument();
    expect(screen.queryByText(messages.accountProfileFailed)).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Primary Contact' })).not.toBeInTheDocument();
    expect(region('Change Username')).toBeInTheDocument();
    expect(region('Change Password')).toBeInTheDocument();
  });
});

describe('Profile: primary contact', () => {
  it('saves the four fields and sends an empty email as null', async () => {
    const { fetchMock } = profileServer();
    await openProfile();
    const contact = region('Primary Contact');
    const user = userEvent.setup();
    await user.clear(within(contact).getByLabelText('Full name'));
    await user.type(within(contact).getByLabelText('Full name'), 'Ann Smith-Brown');
    await user.clear(within(contact).getByLabelText('Phone number'));
    await user.type(within(contact).getByLabelText('Phone number'), '555-0199');
    await user.clear(within(contact).getByLabelText('Address'));
    await user.type(within(contact).getByLabelText('Address'), '2 Oak Ave');
    await user.clear(within(contact).getByLabelText('Email'));
    await user.click(within(contact).getByRole('button', { name: 'Save Contact Information' }));

    expect(await within(contact).findByRole('status')).toHaveTextContent(
      'Primary contact information updated.',
    );
    const [put] = callsTo(fetchMock, 'PUT /api/account/profile');
    expect(put?.body).toEqual({
      primaryContactFullName: 'Ann Smith-Brown',
      primaryContactPhoneNumber: '555-0199',
      primaryContactAddress: '2 Oak Ave',
      primaryContactEmail: null,
    });
    expect(put?.headers.get('X-XSRF-TOKEN')).toBe('test-csrf-token');
    expect(within(contact).getByLabelText('Email')).toHaveValue('');
  });

  it('checks the email before sending', async () => {
    const { fetchMock } = profileServer();
    await openProfile();
    const contact = region('Primary Contact');
    await userEvent.clear(within(contact).getByLabelText('Email'));
    await userEvent.type(within(contact).getByLabelText('Email'), 'not-an-email');
    await userEvent.click(
      within(contact).getByRole('button', { name: 'Save Contact Information' }),
    );
    expect(
      await within(contact).findByText('Please enter a valid email address.'),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT /api/account/profile')).toHaveLength(0);
  });

  it("shows the server's message, or the default, when saving fails", async () => {
    let reply: { status: number; body?: unknown } = {
      status: 400,
      body: { message: 'Phone number is too long.' },
    };
    profileServer({ 'PUT /api/account/profile': () => reply });
    await openProfile();
    const contact = region('Primary Contact');
    const save = within(contact).getByRole('button', { name: 'Save Contact Information' });
    await userEvent.click(save);
    expect(await within(contact).findByRole('alert')).toHaveTextContent(
      'Phone number is too long.',
    );
    reply = { status: 500 };
    await userEvent.click(save);
    await waitFor(() =>
      expect(within(contact).getByRole('alert')).toHaveTextContent(messages.contactUpdateFailed),
    );
  });
});

describe('Profile: account name', () => {
  it('saves the account name', async () => {
    const { fetchMock } = profileServer();
    await openProfile();
    const section = region('Account Name');
    const input = within(section).getByLabelText(/Account name/);
    await userEvent.clear(input);
    await userEvent.type(input, '  Hope Chapel ');
    await userEvent.click(within(section).getByRole('button', { name: 'Save Account Name' }));
    expect(await within(section).findByRole('status')).toHaveTextContent('Account name updated.');
    expect(callsTo(fetchMock, 'PUT /api/account/profile')[0]?.body).toEqual({
      accountName: 'Hope Chapel',
    });
    expect(input).toHaveValue('Hope Chapel');
  });

  it('refuses an empty name and shows the default failure', async () => {
    const { fetchMock } = profileServer({ 'PUT /api/account/profile': { status: 500 } });
    await openProfile();
    const section = region('Account Name');
    const input = within(section).getByLabelText(/Account name/);
    await userEvent.clear(input);
    await userEvent.click(within(section).getByRole('button', { name: 'Save Account Name' }));
    expect(await within(section).findByText('Account name cannot be empty.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT /api/account/profile')).toHaveLength(0);

    await userEvent.type(input, 'New Name');
    await userEvent.click(within(section).getByRole('button', { name: 'Save Account Name' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      messages.accountNameUpdateFailed,
    );
  });
});

describe('Profile: responsible persons', () => {
  it('needs a full name', async () => {
    const { fetchMock } = profileServer();
    await openProfile();
    const section = region('Responsible Persons');
    const form = within(section).getByRole('form', { name: 'Add a Responsible Person' });
    await userEvent.type(within(form).getByLabelText('Phone number'), '555-0000');
    await userEvent.type(within(form).getByLabelText(/Full name/), '   ');
    await userEvent.click(within(form).getByRole('button', { name: 'Add Person' }));
    expect(
      await within(form).findByText(messages.responsiblePersonNameRequired),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT /api/account/profile')).toHaveLength(0);
  });

  it('adds a person by sending the whole new list, then clears the form', async () => {
    const { fetchMock } = profileServer();
    await openProfile();
    const section = region('Responsible Persons');
    const form = within(section).getByRole('form', { name: 'Add a Responsible Person' });
    await userEvent.type(within(form).getByLabelText(/Full name/), ' Dan Park ');
    await userEvent.type(within(form).getByLabelText('Email'), 'dan@example.org');
    await userEvent.click(within(form).getByRole('button', { name: 'Add Person' }));

    expect(await within(section).findByRole('status')).toHaveTextContent('Dan Park was added.');
    expect(callsTo(fetchMock, 'PUT /api/account/profile')[0]?.body).toEqual({
      responsiblePersons: [
        { fullName: 'Bob Jones', phoneNumber: '555-0101', email: null, address: null },
        { fullName: 'Cat Lee', phoneNumber: null, email: 'cat@example.org', address: 'Elm Rd' },
        { fullName: 'Dan Park', phoneNumber: null, email: 'dan@example.org', address: null },
      ],
    });
    const list = within(section).getByRole('list', { name: 'Responsible persons' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).getByText('Dan Park')).toBeInTheDocument();
    expect(within(form).getByLabelText(/Full name/)).toHaveValue('');
    expect(within(form).getByLabelText('Email')).toHaveValue('');
  });

  it('removes a person by sending the list without them', async () => {
    const { fetchMock } = profileServer();
    await openProfile();
    const section = region('Responsible Persons');
    await userEvent.click(within(section).getByRole('button', { name: 'Remove Bob Jones' }));
    expect(await within(section).findByRole('status')).toHaveTextContent('Bob Jones was removed.');
    expect(callsTo(fetchMock, 'PUT /api/account/profile')[0]?.body).toEqual({
      responsiblePersons: [
        { fullName: 'Cat Lee', phoneNumber: null, email: 'cat@example.org', address: 'Elm Rd' },
      ],
    });
    expect(within(section).queryByText('Bob Jones')).not.toBeInTheDocument();
    // The last one gone: the empty text.
    await userEvent.click(within(section).getByRole('button', { name: 'Remove Cat Lee' }));
    expect(
      await within(section).findByText('No responsible persons have been added yet.'),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT /api/account/profile')[1]?.body).toEqual({
      responsiblePersons: [],
    });
  });

  it('shows the add and remove failures and keeps the list', async () => {
    profileServer({ 'PUT /api/account/profile': { status: 500 } });
    await openProfile();
    const section = region('Responsible Persons');
    const form = within(section).getByRole('form', { name: 'Add a Responsible Person' });
    await userEvent.type(within(form).getByLabelText(/Full name/), 'Dan Park');
    await userEvent.click(within(form).getByRole('button', { name: 'Add Person' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(messages.addPersonFailed);
    expect(within(form).getByLabelText(/Full name/)).toHaveValue('Dan Park');

    await userEvent.click(within(section).getByRole('button', { name: 'Remove Bob Jones' }));
    await waitFor(() =>
      expect(within(section).getByRole('alert')).toHaveTextContent(messages.removePersonFailed),
    );
    expect(within(section).getByText('Bob Jones')).toBeInTheDocument();
  });

  it("prefers the server's message", async () => {
    profileServer({
      'PUT /api/account/profile': { status: 400, body: { message: 'Too many persons.' } },
    });
    await openProfile();
    const section = region('Responsible Persons');
    await userEvent.click(within(section).getByRole('button', { name: 'Remove Cat Lee' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('Too many persons.');
  });
});
