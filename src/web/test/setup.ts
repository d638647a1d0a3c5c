import '@testing-library/jest-dom/vitest';
import { cleanNotifications } from '@mantine/notifications';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { writeSiteContent } from './site-content.js';

// Every page the server sends carries the site content (docs/site-content.md).
writeSiteContent();

/**
 * happy-dom lays nothing out, so every observed element counts as in view
 * (a test that is about scrolling stubs its own observer).
 */
class InViewObserver {
  private disconnected = false;
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    queueMicrotask(() => {
      if (this.disconnected) return;
      const entry = { isIntersecting: true, target } as IntersectionObserverEntry;
      this.callback([entry], this as unknown as IntersectionObserver);
    });
  }
  unobserve() {}
  disconnect() {
    this.disconnected = true;
  }
  takeRecords() {
    return [];
  }
}

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', InViewObserver);
});

afterEach(() => {
  cleanup();
  cleanNotifications();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  document.cookie.split(';').forEach((part) => {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});
