import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/AppProviders.js';
import { createTestQueryClient } from '@/test/utils.js';
import { MapSection } from './MapSection.js';

/** An observer the test moves: nothing is in view until `scrollNear` says so. */
function stubObserver() {
  const observers: {
    callback: IntersectionObserverCallback;
    options?: IntersectionObserverInit;
    targets: Element[];
  }[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private readonly record;
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        this.record = { callback, options, targets: [] as Element[] };
        observers.push(this.record);
      }
      observe(target: Element) {
        this.record.targets.push(target);
      }
      unobserve() {}
      disconnect() {
        this.record.targets = [];
      }
      takeRecords() {
        return [];
      }
    },
  );
  return {
    observers,
    scrollNear() {
      for (const o of observers)
        for (const target of o.targets)
          o.callback(
            [{ isIntersecting: true, target } as IntersectionObserverEntry],
            {} as IntersectionObserver,
          );
    },
  };
}

describe('MapSection', () => {
  it('adds the map frame only when the visitor scrolls near it, and shows the address at once', () => {
    const { observers, scrollNear } = stubObserver();
    render(
      <AppProviders queryClient={createTestQueryClient()} env="test">
        <MapSection />
      </AppProviders>,
    );
    expect(screen.getByText('Address')).toBeInTheDocument();
    expect(document.querySelector('iframe')).toBeNull();
    expect(observers[0]?.options?.rootMargin).toBe('200px');

    act(() => scrollNear());
    expect(document.querySelector('iframe')).toHaveAttribute(
      'title',
      expect.stringMatching(/^Map showing /),
    );
    // Once added, it stays: the observer has let go.
    expect(observers.every((o) => o.targets.length === 0)).toBe(true);
  });
});
