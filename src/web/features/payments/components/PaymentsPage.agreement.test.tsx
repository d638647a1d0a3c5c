/**
 * Payments page: the house's facility agreement before the first payment of a
 * stay — its dialog (title, text, the stay's own terms, full name, "I
 * accept"), then the payment;
 * the checkout's `agreement_required` opens it too; an accepted one is stated.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { atPhoneWidth, callsTo, findDialog, typeText } from '@/test/utils.js';
import {
  captureEmbedScripts,
  openPage,
  panelControl,
  panelOf,
  paymentsServer,
  startPayment,
} from '../payments.testing.js';
import {
  ACCEPTED_TEXT,
  acceptance,
  agreementRoutes,
  choirRetreat,
  houseAgreement,
  stayTerms,
} from '../group-stay.testing.js';

captureEmbedScripts();

const TITLE = 'Facility agreement for group stays';

describe('Payments page: the facility agreement', () => {
  it('asks for the agreement before the first payment, then goes on to pay', async () => {
    const stay = choirRetreat();
    const { fetchMock } = paymentsServer({ reservations: [stay] }, agreementRoutes([stay]));
    await openPage();
    await userEvent.click(panelControl('Choir retreat'));
    expect(
      await within(panelOf('Choir retreat')).findByText(
        "Before the first payment, you accept the house's facility agreement for this stay.",
      ),
    ).toBeVisible();
    await startPayment('Choir retreat', /^Pay deposit/);
    const dialog = await findDialog(TITLE);
    const text = within(dialog).getByRole('region', { name: 'Text of the agreement' });
    expect(text).toHaveAttribute('tabindex', '0');
    expect([...text.querySelectorAll('p')].map((p) => p.textContent)).toEqual(
      houseAgreement.paragraphs,
    );
    expect(within(dialog).getByText(/^Version 2026-1, for "Choir retreat"\./)).toBeVisible();
    // The stay's own terms, those it was requested with, after the text.
    expect(within(dialog).getByText('Terms of this stay, as requested')).toBeVisible();
    expect(within(dialog).getByText(`Deposit: ${stayTerms.depositTerms}`)).toBeVisible();
    expect(within(dialog).getByText(`Cancellation: ${stayTerms.cancellationTerms}`)).toBeVisible();
    expect(callsTo(fetchMock, `POST /api/payments/${stay.id}/checkout`)).toHaveLength(0);

    // A name is needed: the shared schema says so on the field.
    await userEvent.click(within(dialog).getByRole('button', { name: 'I accept' }));
    const name = within(dialog).getByLabelText(/^Your full name/);
    expect(
      await within(dialog).findByText('Type your full name to accept the agreement.'),
    ).toBeVisible();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetchMock, `POST /api/reservations/${stay.id}/agreement`)).toHaveLength(0);

    await typeText(name, 'Anna Lindqvist');
    await userEvent.click(within(dialog).getByRole('button', { name: 'I accept' }));
    expect(await screen.findByTitle('Card payment for Choir retreat')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, `POST /api/reservations/${stay.id}/agreement`)[0]!.body).toEqual({
      fullName: 'Anna Lindqvist',
    });
    expect(callsTo(fetchMock, `POST /api/payments/${stay.id}/checkout`).map((c) => c.body)).toEqual(
      [{ part: 'deposit' }],
    );
    expect(within(panelOf('Choir retreat')).getByText(ACCEPTED_TEXT)).toBeVisible();
  });

  it('opens the agreement when the checkout answers that it is required', async () => {
    const stay = choirRetreat();
    let agreementAsked = 0;
    let accepted = false;
    const routes = agreementRoutes([stay]);
    const accept = routes[`POST /api/reservations/${stay.id}/agreement`]!;
    const { fetchMock } = paymentsServer(
      { reservations: [stay] },
      {
        ...routes,
        // Not loaded when the button is pressed: the checkout decides.
        'GET /api/facility/agreement': () =>
          ++agreementAsked === 1 ? { status: 500 } : { body: houseAgreement },
        [`POST /api/reservations/${stay.id}/agreement`]: (req) => {
          accepted = true;
          return typeof accept === 'function' ? accept(req) : accept;
        },
        [`POST /api/payments/${stay.id}/checkout`]: () =>
          accepted
            ? { body: { kind: 'redirect', url: 'https://checkout.stripe.com/c/pay/cs_1' } }
            : {
                status: 409,
                body: { code: 'agreement_required', message: 'Accept the agreement first.' },
              },
      },
    );
    await openPage();
    await startPayment('Choir retreat', /^Pay in full/);
    const dialog = await findDialog(TITLE);
    expect(screen.queryByText('Accept the agreement first.')).not.toBeInTheDocument();
    await typeText(within(dialog).getByLabelText(/^Your full name/), 'Anna Lindqvist');
    await userEvent.click(within(dialog).getByRole('button', { name: 'I accept' }));
    expect(
      await screen.findByRole('link', { name: 'Pay for Choir retreat securely' }),
    ).toHaveAttribute('href', 'https://checkout.stripe.com/c/pay/cs_1');
    expect(callsTo(fetchMock, `POST /api/payments/${stay.id}/checkout`).map((c) => c.body)).toEqual(
      [{ part: 'balance' }, { part: 'balance' }],
    );
  });

  it('states an accepted agreement and pays without asking again', async () => {
    const stay = choirRetreat({ agreement: acceptance });
    const { fetchMock } = paymentsServer({ reservations: [stay] }, agreementRoutes([stay]));
    await openPage();
    await userEvent.click(panelControl('Choir retreat'));
    expect(await within(panelOf('Choir retreat')).findByText(ACCEPTED_TEXT)).toBeVisible();
    await startPayment('Choir retreat', /^Pay deposit/);
    await screen.findByTitle('Card payment for Choir retreat');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, `POST /api/reservations/${stay.id}/agreement`)).toHaveLength(0);
  });

  it('asks nothing when the house has no agreement', async () => {
    const stay = choirRetreat();
    paymentsServer({ reservations: [stay] });
    await openPage();
    await startPayment('Choir retreat', /^Pay deposit/);
    await screen.findByTitle('Card payment for Choir retreat');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText(/facility agreement/)).not.toBeInTheDocument();
  });

  it('goes on when it was accepted elsewhere, and shows other refusals on the field or above it', async () => {
    const stay = choirRetreat();
    let reply = {
      status: 400,
      body: {
        code: 'validation_failed',
        message: 'Invalid request.',
        issues: [{ path: 'body.fullName', message: 'The name can have at most 200 characters.' }],
      },
    };
    paymentsServer(
      { reservations: [stay] },
      {
        ...agreementRoutes([stay]),
        [`POST /api/reservations/${stay.id}/agreement`]: () => reply,
      },
    );
    await openPage();
    await startPayment('Choir retreat', /^Pay deposit/);
    const dialog = await findDialog(TITLE);
    await typeText(within(dialog).getByLabelText(/^Your full name/), 'Anna Lindqvist');
    await userEvent.click(within(dialog).getByRole('button', { name: 'I accept' }));
    expect(
      await within(dialog).findByText('The name can have at most 200 characters.'),
    ).toBeVisible();

    reply = {
      status: 409,
      body: {
        code: 'agreement_already_accepted',
        message: 'The agreement (version 2026-1) was accepted for this stay already.',
        issues: [],
      },
    };
    await userEvent.click(within(dialog).getByRole('button', { name: 'I accept' }));
    expect(await screen.findByTitle('Card payment for Choir retreat')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('gives the agreement the whole screen of a phone, its text first in focus', async () => {
    atPhoneWidth({ width: 360, height: 740 });
    const stay = choirRetreat();
    paymentsServer({ reservations: [stay] }, agreementRoutes([stay]));
    await openPage();
    await startPayment('Choir retreat', /^Pay deposit/);
    const dialog = await findDialog(TITLE);
    const text = within(dialog).getByRole('region', { name: 'Text of the agreement' });
    await waitFor(() => expect(text).toHaveFocus());
    expect(text).toHaveStyle({ overflowY: 'auto', maxHeight: '50dvh' });
    expect(dialog.closest('[data-full-screen]')).not.toBeNull();
  });
});
