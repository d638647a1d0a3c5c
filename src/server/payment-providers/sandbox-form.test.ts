// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The card form's script, exactly as /pay/sandbox/form.js serves it. */
const formJs = readFileSync(
  path.join(path.dirname(fileURLToPath(import.meta.url)), 'sandbox-assets', 'form.js'),
  'utf8',
);

/** The markup the server renders around the script (the parts the script uses). */
const MARKUP = `
<form id="pay-form" data-token="tok.abc" data-reservation-id="12" data-label="Pay $450.00" novalidate>
  <label for="cardNumber">Card number</label>
  <input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number">
  <div class="row">
    <div><label for="expiry">Expiry (MM/YY)</label><input id="expiry" name="expiry" autocomplete="cc-exp"></div>
    <div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc"></div>
  </div>
  <button id="pay-button" type="submit">Pay $450.00</button>
  <p id="pay-status" class="status" role="status" aria-live="polite"></p>
</form>`;

type FetchArgs = [string, RequestInit];
let fetchMock: ReturnType<typeof vi.fn<(...args: FetchArgs) => Promise<Response>>>;

const el = <T extends HTMLElement = HTMLInputElement>(id: string) =>
  document.getElementById(id) as T;
const status = () => el<HTMLParagraphElement>('pay-status');

function answer(status: number, body: unknown) {
  fetchMock.mockResolvedValueOnce(
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    }),
  );
}

/** Types a value as the browser would: the value changes, then an input event. */
function type(id: string, value: string, inputType = 'insertText') {
  const input = el(id);
  input.value = value;
  input.dispatchEvent(new InputEvent('input', { bubbles: true, inputType }));
}

function fill(card: string, expiry: string, cvc: string) {
  type('cardNumber', card);
  type('expiry', expiry);
  type('cvc', cvc);
}

function submit() {
  el<HTMLFormElement>('pay-form').dispatchEvent(
    new Event('submit', { bubbles: true, cancelable: true }),
  );
}

const restores: (() => void)[] = [];
/** Catches what the form tells the page around the frame. */
function spyOnPostMessage() {
  const spy = vi.spyOn(window.parent, 'postMessage').mockImplementation(() => {});
  restores.push(() => spy.mockRestore());
  return spy;
}

const sentBody = (call = 0) =>
  JSON.parse(String(fetchMock.mock.calls[call]![1].body)) as Record<string, unknown>;

beforeEach(() => {
  document.body.innerHTML = MARKUP;
  document.cookie = 'XSRF-TOKEN=abc%2B%2F1; path=/';
  fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();
  vi.stubGlobal('fetch', fetchMock);
  // Runs the script against this page, as the <script> tag at the end of the body does.
  new Function(formJs)();
});

afterEach(() => {
  vi.unstubAllGlobals();
  for (const restore of restores.splice(0)) restore();
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  document.body.innerHTML = '';
});

describe('the expiry field', () => {
  it('shows four digits typed without a slash as MM/YY, and leaves other input alone', () => {
    type('expiry', '1');
    type('expiry', '12');
    type('expiry', '123');
    expect(el('expiry').value).toBe('123');
    type('expiry', '1230');
    expect(el('expiry').value).toBe('12/30');
    // Deleting the slash does not put it back.
    type('expiry', '1230', 'deleteContentBackward');
    expect(el('expiry').value).toBe('1230');
    type('expiry', '12 / 30');
    expect(el('expiry').value).toBe('12 / 30');
  });

  it.each([
    ['1230', '12/30'],
    ['12/30', '12/30'],
    ['12 / 30', '12/30'],
    ['12/2030', '12/30'],
    ['1/31', '01/31'],
  ])('sends %s as %s', async (typed, sent) => {
    answer(200, { status: 'succeeded' });
    fill('4242 4242 4242 4242', typed, '123');
    submit();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(sentBody().expiry).toBe(sent);
  });
});

describe('posting the charge', () => {
  it('posts the token and card as JSON with the XSRF-TOKEN cookie in X-XSRF-TOKEN, then tells the page', async () => {
    const postMessage = spyOnPostMessage();
    answer(200, { status: 'succeeded' });
    fill('4242 4242 4242 4242', '1230', '123');
    submit();
    await vi.waitFor(() => expect(status().textContent).toBe('Payment successful. Thank you!'));

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/pay/sandbox/charge');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    const headers = new Headers(init.headers);
    expect(headers.get('X-XSRF-TOKEN')).toBe('abc+/1');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(sentBody()).toEqual({
      token: 'tok.abc',
      cardNumber: '4242424242424242',
      expiry: '12/30',
      cvc: '123',
    });
    expect(postMessage).toHaveBeenCalledWith(
      { source: 'sandbox-pay', status: 'succeeded', reservationId: 12 },
      window.location.origin,
    );
    expect(el('cardNumber').disabled).toBe(true);
    expect(el<HTMLButtonElement>('pay-button').textContent).toBe('Paid');
  });

  it('puts an error the server names a field for next to that field, and clears it on the next submit', async () => {
    answer(400, { message: 'Your card’s expiry date is not valid.', code: 'card_expiry' });
    fill('4242 4242 4242 4242', '01/20', '123');
    submit();
    await vi.waitFor(() => expect(el('expiry').getAttribute('aria-invalid')).toBe('true'));

    const error = el<HTMLParagraphElement>('expiry-error');
    expect(error.textContent).toBe('Your card’s expiry date is not valid.');
    expect(el('expiry').getAttribute('aria-describedby')).toBe('expiry-error');
    expect(document.activeElement).toBe(el('expiry'));
    expect(el('cardNumber').hasAttribute('aria-invalid')).toBe(false);
    expect(status().textContent).toBe('');
    expect(el<HTMLButtonElement>('pay-button').disabled).toBe(false);
    expect(el<HTMLButtonElement>('pay-button').textContent).toBe('Pay $450.00');

    // A declined card is not a field's fault: it goes to the status line, and the old marks go.
    answer(402, { message: 'Your card was declined.', code: 'card_declined' });
    fill('4000 0000 0000 0002', '12/30', '123');
    submit();
    await vi.waitFor(() => expect(status().textContent).toBe('Your card was declined.'));
    expect(status().className).toBe('status error');
    expect(el('expiry').hasAttribute('aria-invalid')).toBe(false);
    expect(el('expiry').hasAttribute('aria-describedby')).toBe(false);
    expect(error.textContent).toBe('');
  });

  it.each([
    ['card_number', 'cardNumber'],
    ['card_cvc', 'cvc'],
  ])('shows %s on the %s field', async (code, field) => {
    answer(400, { message: `wrong ${field}`, code });
    fill('4242 4242 4242 4242', '12/30', '123');
    submit();
    await vi.waitFor(() => expect(el(`${field}-error`).textContent).toBe(`wrong ${field}`));
    expect(el(field).getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(el(field));
  });

  it('shows other errors and a failed connection on the status line', async () => {
    answer(409, { message: 'Nothing is owed on this reservation.', code: 'nothing_owed' });
    fill('4242 4242 4242 4242', '12/30', '123');
    submit();
    await vi.waitFor(() =>
      expect(status().textContent).toBe('Nothing is owed on this reservation.'),
    );

    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    submit();
    await vi.waitFor(() =>
      expect(status().textContent).toBe(
        'The payment service could not be reached. Please try again.',
      ),
    );
    expect(document.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0);
  });
});

describe('checking the fields before sending', () => {
  it('sends nothing and marks each wrong field, focusing the first', () => {
    fill('', '13/30', '12');
    submit();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(el('cardNumber-error').textContent).toBe('Enter the card number.');
    expect(el('expiry-error').textContent).toMatch(/MM\/YY/);
    expect(el('cvc-error').textContent).toMatch(/3 or 4 digit/);
    for (const id of ['cardNumber', 'expiry', 'cvc']) {
      expect(el(id).getAttribute('aria-invalid'), id).toBe('true');
      expect(el(id).getAttribute('aria-describedby'), id).toBe(`${id}-error`);
    }
    expect(document.activeElement).toBe(el('cardNumber'));
  });

  it('refuses a card number with letters, and clears the marks once the fields are right', async () => {
    fill('4242 abcd', '12/30', '123');
    submit();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(el('cardNumber-error').textContent).toBe('The card number can contain digits only.');
    expect(el('expiry').hasAttribute('aria-invalid')).toBe(false);

    answer(200, { status: 'succeeded' });
    spyOnPostMessage();
    type('cardNumber', '4242-4242-4242-4242');
    submit();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(el('cardNumber').hasAttribute('aria-invalid')).toBe(false);
    expect(sentBody().cardNumber).toBe('4242424242424242');
  });

  it('does not send the header when there is no XSRF-TOKEN cookie, nor break on a malformed one', async () => {
    document.cookie = 'XSRF-TOKEN=%ff; path=/';
    answer(200, { status: 'succeeded' });
    spyOnPostMessage();
    fill('4242 4242 4242 4242', '12/30', '123');
    submit();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(new Headers(fetchMock.mock.calls[0]![1].headers).has('X-XSRF-TOKEN')).toBe(false);
  });
});
