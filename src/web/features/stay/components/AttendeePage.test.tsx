/**
 * The attendee's page behind a leader's link (/stay/:token), without an
 * account: the stay, the name given (and the thank-you), a link that was
 * replaced, a full stay and too many tries; on a phone.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../../shared/messages.js';
import { expectFieldError } from '@/components/forms/forms.testing.js';
import { atPhoneWidth, callsTo, mockApi, renderPageAt, type FakeHandler } from '@/test/utils.js';
import { GIVE_YOUR_NAME, LINK_NO_LONGER_VALID } from './AttendeePage.js';

const THANKS = 'Thank you: your group leader sees your name now.';
const FULL =
  'This stay already has 40 attendees, as many as the house takes. Ask your group leader.';

function serve(post: FakeHandler = { status: 201, body: { message: THANKS } }) {
  return mockApi({
    'GET /api/attendee/tok-1': {
      body: {
        eventName: 'Youth retreat',
        startDate: '2027-06-15',
        endDate: '2027-06-17',
        houseName: 'Cedar House',
      },
    },
    'POST /api/attendee/tok-1': post,
  });
}

const nameField = () => screen.getByRole('textbox', { name: /^Your name/ });
const send = () => userEvent.click(screen.getByRole('button', { name: 'Send my name' }));

describe('the attendee page', () => {
  it('shows the stay and takes a name, with a diet and notes, then thanks', async () => {
    atPhoneWidth({ width: 360, height: 740 });
    const fetchMock = serve();
    await renderPageAt('/stay/tok-1', 'Youth retreat');
    expect(
      screen.getByText('At Cedar House, Tuesday, June 15, 2027 to Thursday, June 17, 2027.'),
    ).toBeVisible();

    await send();
    expectFieldError(nameField(), GIVE_YOUR_NAME);
    expect(nameField()).toHaveFocus();
    expect(callsTo(fetchMock, 'POST /api/attendee/tok-1')).toHaveLength(0);

    await userEvent.type(nameField(), '  Ann Lee ');
    await userEvent.type(screen.getByRole('textbox', { name: 'Diet (optional)' }), 'vegetarian');
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Notes for your group leader (optional)' }),
      'Arriving on Wednesday.',
    );
    await send();
    expect(await screen.findByRole('status')).toHaveTextContent(THANKS);
    expect(callsTo(fetchMock, 'POST /api/attendee/tok-1').map((c) => c.body)).toEqual([
      { name: 'Ann Lee', diet: 'vegetarian', notes: 'Arriving on Wednesday.' },
    ]);

    // Someone else on the same phone: the form again, empty.
    await userEvent.click(screen.getByRole('button', { name: 'Give another name' }));
    expect(nameField()).toHaveValue('');
  });

  it('says a replaced link is no longer valid', async () => {
    mockApi({
      'GET /api/attendee/old': {
        status: 404,
        body: { code: 'not_found', message: 'This link is no longer valid.' },
      },
    });
    await renderPageAt('/stay/old', "Your group's stay");
    expect(screen.getByRole('alert')).toHaveTextContent(LINK_NO_LONGER_VALID);
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('says so when the stay is full, or after too many tries, and keeps what was typed', async () => {
    let answer = { status: 409, body: { code: 'attendees_full', message: FULL } };
    serve(() => answer);
    await renderPageAt('/stay/tok-1', 'Youth retreat');
    await userEvent.type(nameField(), 'Bo Park');
    await send();
    expect(await screen.findByRole('alert')).toHaveTextContent(FULL);
    expect(nameField()).toHaveValue('Bo Park');

    answer = { status: 429, body: { code: 'rate_limited', message: messages.rateLimited } };
    await send();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(messages.rateLimited));
  });
});
