/**
 * The payment provider's embed script (docs/product.md §7 External): loaded once per
 * page with a <script src>, it defines `window.SandboxPay.mount(root)`, which
 * starts every `iframe[data-sandbox-pay-src]` under root, and re-dispatches the
 * frame's result as a window CustomEvent 'sandbox-pay'.
 */

/** What the payment frame reports to the page. */
export interface SandboxPayMessage {
  source: 'sandbox-pay';
  status: string;
  reservationId: number;
}

declare global {
  interface Window {
    SandboxPay?: { mount: (root?: ParentNode | null) => void };
  }
  interface WindowEventMap {
    'sandbox-pay': CustomEvent<SandboxPayMessage>;
  }
}

/**
 * docs/product.md §4/§9: a frame the script has not started gets its src
 * from the page after 1.5 s.
 */
export const EMBED_FALLBACK_MS = 1500;

const FRAME_SELECTOR = 'iframe[data-sandbox-pay-src]';
const SCRIPT_MARK = 'data-payment-embed';

/**
 * Appends the embed script once (the element is looked up in the document, so
 * every panel shares it) and resolves when `window.SandboxPay` is defined.
 * Rejects when the script cannot be loaded; the frames then rely on the fallback.
 */
export function loadEmbedScript(src: string): Promise<void> {
  if (window.SandboxPay) return Promise.resolve();
  let script = document.querySelector<HTMLScriptElement>(`script[${SCRIPT_MARK}]`);
  if (script?.dataset.state === 'error') return Promise.reject(new Error('embed script failed'));
  if (!script) {
    script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.setAttribute(SCRIPT_MARK, '');
    script.dataset.state = 'loading';
    const el = script;
    el.addEventListener('load', () => (el.dataset.state = 'loaded'), { once: true });
    el.addEventListener('error', () => (el.dataset.state = 'error'), { once: true });
    document.head.appendChild(script);
  }
  const el = script;
  return new Promise<void>((resolve, reject) => {
    if (el.dataset.state === 'loaded') {
      if (window.SandboxPay) resolve();
      else reject(new Error('embed script did not initialise'));
      return;
    }
    el.addEventListener(
      'load',
      () => (window.SandboxPay ? resolve() : reject(new Error('embed script did not initialise'))),
      { once: true },
    );
    el.addEventListener('error', () => reject(new Error('embed script failed')), { once: true });
  });
}

/** Starts the frames under root through the provider's script, when it is there. */
export function mountFrames(root: ParentNode): void {
  window.SandboxPay?.mount(root);
}

/** The fallback initialisation: frames still without a src get it from their data attribute. */
export function initFramesFallback(root: ParentNode): void {
  root.querySelectorAll<HTMLIFrameElement>(FRAME_SELECTOR).forEach((frame) => {
    const src = frame.getAttribute('data-sandbox-pay-src');
    if (src && !frame.getAttribute('src')) frame.setAttribute('src', src);
  });
}

/** The frame's own message, as the embed script re-dispatches it or as posted. */
export function asPaymentMessage(data: unknown): SandboxPayMessage | null {
  if (!data || typeof data !== 'object') return null;
  const d = data as Partial<SandboxPayMessage>;
  if (d.source !== 'sandbox-pay' || typeof d.status !== 'string') return null;
  const reservationId = Number(d.reservationId);
  if (!Number.isInteger(reservationId) || reservationId <= 0) return null;
  return { source: 'sandbox-pay', status: d.status, reservationId };
}
