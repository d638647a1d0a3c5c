import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { act, within } from '@testing-library/react';
import { matchRoutes, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from './app/AppProviders.js';
import { createQueryClient } from './app/queryClient.js';
import { prefetchRouteData, startAppRouter, startingRoutes } from './app/router.js';
import { renderPage } from './prerender.js';
import { facility, testSiteContent } from './test/site-content.js';
import { callsTo, facilityInfo, mockApi } from './test/utils.js';

/**
 * The browser's start on a prerendered Availability page (main.tsx): its data
 * is asked for before the app takes the HTML over, and answers already in by
 * then change nothing of what is hydrated; the month, its key and the rates
 * come after, together.
 */

const PAGE = '/facilities/availability';
let root: Root | undefined;

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
  vi.useRealTimers();
});

function availabilityApi() {
  return mockApi({
    // The house's name and description as the server serves them: from content/, as prerendered.
    'GET /api/facility/info': facilityInfo('America/Chicago', {
      name: facility.name,
      description: facility.description,
      turnoverDays: 1,
    }),
    'GET /api/reservations/public-calendar': {
      body: [{ startTime: '2027-03-10T00:00:00.000Z', endTime: '2027-03-12T23:59:59.999Z' }],
    },
    'GET /api/closures': {
      body: [{ id: 4, startDate: '2027-03-20', endDate: '2027-03-21', label: 'Maintenance' }],
    },
    'GET /api/facility/pricing': {
      body: {
        currency: 'USD',
        dailyRateCents: 15000,
        defaultLabel: 'Standard rate',
        seasons: [],
        weekdayRates: [],
        policyDescription: 'Cancel 30 days ahead for a full refund.',
      },
    },
  });
}

describe('starting on the prerendered Availability page', () => {
  it("asks for the month's stays and closures, the house and the rates before hydrating", async () => {
    vi.useFakeTimers({ now: new Date('2027-03-05T20:00:00.000Z'), toFake: ['Date'] });
    const fetchMock = availabilityApi();
    window.history.replaceState(null, '', PAGE);
    const queryClient = createQueryClient();
    prefetchRouteData(matchRoutes(startingRoutes(PAGE), PAGE) ?? [], queryClient);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(4));
    expect(callsTo(fetchMock, 'GET /api/facility/info')).toHaveLength(1);
    expect(callsTo(fetchMock, 'GET /api/facility/pricing')).toHaveLength(1);
    const [calendar] = callsTo(fetchMock, 'GET /api/reservations/public-calendar');
    expect(calendar?.url).toContain('year=2027&month=3');
    expect(callsTo(fetchMock, 'GET /api/closures')[0]?.url).toContain('year=2027&month=3');
  });

  it('asks for nothing ahead on a page without such data', async () => {
    const fetchMock = mockApi();
    window.history.replaceState(null, '', '/about');
    const router = await startAppRouter(createQueryClient(), '/about');
    expect(fetchMock).not.toHaveBeenCalled();
    router.dispose();
  });

  it('hydrates without a mismatch when the answers are already in, then draws them', async () => {
    vi.useFakeTimers({ now: new Date('2027-03-05T20:00:00.000Z'), toFake: ['Date'] });
    const fetchMock = availabilityApi();
    const html = await renderPage(PAGE, testSiteContent);
    const container = document.createElement('div');
    container.id = 'root';
    container.innerHTML = html;
    document.body.append(container);
    window.history.replaceState(null, '', PAGE);

    const queryClient = createQueryClient();
    const router = await startAppRouter(queryClient, PAGE);
    // The router has the page's modules: it has nothing to load before hydrating.
    expect(router.state.initialized).toBe(true);
    // Every answer is in before the app takes the page over.
    await vi.waitFor(() => {
      const queries = queryClient.getQueryCache().getAll();
      expect(queries.map((q) => q.state.status)).toEqual([
        'success',
        'success',
        'success',
        'success',
      ]);
    });

    const recoverable = vi.fn();
    await act(async () => {
      root = hydrateRoot(
        container,
        <StrictMode>
          <AppProviders queryClient={queryClient}>
            <RouterProvider router={router} />
          </AppProviders>
        </StrictMode>,
        { onRecoverableError: recoverable },
      );
      await Promise.resolve();
    });

    const page = within(container);
    const grid = await page.findByRole('grid', { name: 'March 2027' });
    expect(
      within(grid).getByRole('gridcell', { name: 'Saturday, March 20, 2027, closed, Maintenance' }),
    ).toHaveTextContent('Closed');
    expect(page.getByText('Closed March 20 to March 21: Maintenance')).toBeInTheDocument();
    expect(page.getByText('Standard rate: $150.00 a day')).toBeInTheDocument();
    expect(recoverable).not.toHaveBeenCalled();
    // Nothing asked again: the answers fetched with the page served.
    expect(callsTo(fetchMock, 'GET /api/reservations/public-calendar')).toHaveLength(1);
    expect(callsTo(fetchMock, 'GET /api/facility/pricing')).toHaveLength(1);
    router.dispose();
  });
});
