import { afterEach, describe, expect, it, vi } from 'vitest';
import { focusResult } from './focus-result.js';

const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

function add(html: string) {
  const holder = document.createElement('div');
  holder.innerHTML = html;
  document.body.append(holder);
  return holder;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('focusResult', () => {
  it('moves the focus dropped on the page to what the submit produced, once it appears', async () => {
    focusResult(() => document.getElementById('row-7'));
    await tick(120);
    add('<div id="row-7">Row 7</div>');
    await tick(120);
    expect(document.activeElement?.id).toBe('row-7');
    expect(document.getElementById('row-7')).toHaveAttribute('tabindex', '-1');
  });

  it('takes the focus back from the button a closing dialog returned it to', async () => {
    add('<button id="opener">Cancel Summer camp</button><div id="row-1">Row 1</div>');
    document.getElementById('opener')!.focus();
    focusResult(() => document.getElementById('row-1'));
    await tick(20);
    expect(document.activeElement?.id).toBe('row-1');
  });

  it('leaves the focus where the user put it since: another dialog, or a field', async () => {
    // The row appears only later (a slow refetch); meanwhile the user opened a dialog and typed.
    focusResult(() => document.getElementById('row-2'));
    add('<div role="dialog" aria-modal="true"><textarea id="reason"></textarea></div>');
    document.getElementById('reason')!.focus();
    await tick(120);
    add('<div id="row-2">Row 2</div>');
    await tick(200);
    expect(document.activeElement?.id).toBe('reason');

    focusResult(() => document.getElementById('row-3'));
    add('<input id="search" /><div id="row-3">Row 3</div>');
    document.getElementById('search')!.focus();
    await tick(120);
    expect(document.activeElement?.id).toBe('search');
  });

  it('stops quietly when the page is gone before a retry (a test ended, a window closed)', async () => {
    const find = vi.fn(() => null);
    focusResult(find);
    await tick(20);
    const calls = find.mock.calls.length;
    expect(calls).toBeGreaterThan(0);
    vi.stubGlobal('document', undefined);
    try {
      // Without the check a retry would throw "document is not defined" from its timer.
      await tick(120);
      expect(find.mock.calls.length).toBe(calls);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
