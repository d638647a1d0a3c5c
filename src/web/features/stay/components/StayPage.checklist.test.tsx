/**
 * The stay page: the stay and its money at the top, the checklist in plain
 * words with due days, states in words and where to do each item; the same
 * page for an administrator; a stay that is not the member's.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../shared/messages.js';
import { callsTo, mockApi, region, renderApp, renderPageAt } from '@/test/utils.js';
import { NOW, openChecklist, openStayPage, stay, stayServer } from '../stay.testing.js';
import { QUESTIONNAIRE_AFTER_APPROVAL } from './QuestionnaireSection.js';
import { STAY_NOT_FOUND } from './StayPage.js';
import { SIGN_ON_PAYMENTS } from './StaySummary.js';

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});

const itemTexts = () =>
  within(within(region('Checklist')).getByRole('list'))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('the stay page: the stay and its checklist', () => {
  it('shows the dates, the guests, the money and where to sign the agreement', async () => {
    stayServer();
    await openStayPage();
    expect(
      screen.getByText('Tuesday, June 15, 2027 to Thursday, June 17, 2027 (3 days)'),
    ).toBeVisible();
    expect(screen.getByText('approved: approved by the house')).toBeVisible();
    expect(screen.getByText('20 expected')).toBeVisible();
    // The sheet is the staff's: a member's page has no link to it.
    expect(screen.queryByRole('link', { name: /Stay sheet/ })).toBeNull();
    expect(screen.getByText('Price').nextElementSibling).toHaveTextContent('$4,700.00');
    expect(screen.getByText('Paid').nextElementSibling).toHaveTextContent('$0.00');
    expect(screen.getByText('Still owed').nextElementSibling).toHaveTextContent('$4,700.00');
    expect(await screen.findByRole('link', { name: SIGN_ON_PAYMENTS })).toHaveAttribute(
      'href',
      '/account/payments?stay=7',
    );
    expect(screen.getByRole('link', { name: 'Back to My Reservations' })).toHaveAttribute(
      'href',
      '/account/reservations',
    );
  });

  it('lists each item in plain words, with its due day, its state in words and where to do it', async () => {
    const [agreement, deposit, ...rest] = openChecklist();
    stayServer({
      checklist: [{ ...agreement!, done: true }, { ...deposit!, dueDate: '2027-03-01' }, ...rest],
    });
    await openStayPage();
    expect(await within(region('Checklist')).findByRole('list')).toBeInTheDocument();
    expect(itemTexts()).toEqual([
      'Sign the facility agreementDoneDue by Wednesday, March 10, 2027',
      'Pay the depositOverdueDue by Monday, March 1, 2027Pay it on the Payments page',
      'Send the pre-arrival questionnaireTo doDue by Saturday, June 5, 2027Go to the questionnaire',
      'Upload the liability insurance certificateTo doDue by Saturday, June 5, 2027Go to the insurance certificates',
      'Pay the balanceTo doDue by Tuesday, June 1, 2027Pay it on the Payments page',
    ]);
    const checklist = region('Checklist');
    const href = (name: string) =>
      within(checklist).getByRole('link', { name }).getAttribute('href');
    expect(
      within(checklist)
        .getAllByRole('link', { name: 'Pay it on the Payments page' })
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/account/payments?stay=7', '/account/payments?stay=7']);
    expect(href('Go to the questionnaire')).toBe('#questionnaire');
    expect(href('Go to the insurance certificates')).toBe('#insurance');
    // The links' targets: the sections' headings, which take the focus.
    expect(screen.getByRole('heading', { name: 'Pre-arrival questionnaire' })).toHaveAttribute(
      'id',
      'questionnaire',
    );
    expect(screen.getByRole('heading', { name: 'Insurance' })).toHaveAttribute('id', 'insurance');
  });

  it('says the questionnaire opens after approval while the stay is pending', async () => {
    const { fetchMock } = stayServer({ reservation: stay({ status: 'pending' }) });
    await openStayPage();
    expect(
      within(region('Pre-arrival questionnaire')).getByText(QUESTIONNAIRE_AFTER_APPROVAL),
    ).toBeVisible();
    expect(screen.queryByRole('form', { name: 'Pre-arrival questionnaire' })).toBeNull();
    expect(callsTo(fetchMock, 'GET /api/reservations/7/questionnaire')).toHaveLength(0);
    expect(screen.getByText('pending: waiting for the house to approve it')).toBeVisible();
  });

  it("says so when the stay is not one of the member's", async () => {
    stayServer();
    await renderPageAt('/account/reservations/8', 'Stay');
    expect(screen.getByRole('alert')).toHaveTextContent(STAY_NOT_FOUND);
    expect(screen.getByRole('link', { name: 'Back to My Reservations' })).toBeVisible();
  });
});

describe('the stay page of an administrator', () => {
  it('names the church and the member, links back to the list and leaves paying to the church', async () => {
    const { fetchMock } = stayServer({}, { admin: true });
    await renderPageAt('/admin/reservations/7', 'Youth retreat');
    // The one reservation is asked for by its id.
    const asked = new URL(callsTo(fetchMock, 'GET /api/reservations')[0]!.url, 'http://localhost');
    expect(asked.searchParams.get('ids')).toBe('7');
    expect(screen.getByRole('link', { name: 'Grace Church' })).toHaveAttribute(
      'href',
      '/admin/accounts/1',
    );
    expect(screen.getByText('member (member@example.org)')).toBeVisible();
    expect(
      screen.getByRole('link', { name: 'Stay sheet for the kitchen and housekeeping (PDF)' }),
    ).toHaveAttribute('href', '/api/admin/stays/7/sheet.pdf');
    expect(screen.getByRole('link', { name: 'Back to Reservations' })).toHaveAttribute(
      'href',
      '/admin/reservations',
    );
    expect(await screen.findByText('The facility agreement is not signed yet.')).toBeVisible();
    await within(region('Checklist')).findByRole('list');
    expect(
      within(region('Checklist')).getAllByText('The church does this on its Payments page.'),
    ).toHaveLength(3);
    expect(within(region('Attendees')).queryByText('Share this link')).toBeNull();
    expect(callsTo(fetchMock, 'POST /api/reservations/7/attendee-link')).toHaveLength(0);
  });
});

describe('who sees a stay page', () => {
  it("sends a visitor to log in first, for the member's page and the staff's", async () => {
    mockApi();
    const { router } = renderApp('/account/reservations/7');
    expect(await screen.findByText(messages.mustLogIn)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');

    const admin = renderApp('/admin/reservations/7');
    await waitFor(() => expect(admin.router.state.location.pathname).toBe('/login'));
  });
});
