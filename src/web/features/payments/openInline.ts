import { inlineLink } from './api/payments.js';

/**
 * Opens a receipt or a credit note in a new tab. The tab is opened at once,
 * inside the click, so that pop-up blockers allow it; it is sent to the signed
 * link when that arrives, and closed again if it does not.
 */
export async function openInline(documentId: number): Promise<void> {
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  try {
    const { downloadUrl } = await inlineLink(documentId);
    if (tab && !tab.closed) tab.location.href = downloadUrl;
    else window.open(downloadUrl, '_blank', 'noopener');
  } catch (error) {
    tab?.close();
    throw error;
  }
}
