import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, mockApi, renderApp, testUser, facilityInfo } from '@/test/utils.js';

const facility = facilityInfo('America/Chicago');

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2027-03-05T20:00:00.000Z'), toFake: ['Date'] });
});

describe('Availability tab', () => {
  it('shows closed days with their public label and turnover days around stays', async () => {
    mockApi({
      'GET /api/facility/info': facilityInfo('America/Chicago', { turnoverDays: 1 }),
      'GET /api/reservations/public-calendar': {
        body: [{ startTime: '2027-03-10T00:00:00.000Z', endTime: '2027-03-12T23:59:59.999Z' }],
      },
      'GET /api/closures': {
        body: [{ id: 4, startDate: '2027-03-20', endDate: '2027-03-21', label: 'Maintenance' }],
      },
    });
    renderApp('/facilities/availability');
    const grid = await screen.findByRole('grid', { name: 'March 2027' });
    const closed = await within(grid).findByRole('gridcell', {
      name: 'Saturday, March 20, 2027, closed, Maintenance',
    });
    expect(closed).toHaveTextContent('Closed');
    expect(
      within(grid).getByRole('gridcell', {
        name: 'Tuesday, March 9, 2027, kept free for turnover between stays',
      }),
    ).toHaveTextContent('Turnover');
    expect(
      within(grid).getByRole('gridcell', {
        name: 'Saturday, March 13, 2027, kept free for turnover between stays',
      }),
    ).toBeInTheDocument();
    expect(screen.getByText('Closed March 20 to March 21: Maintenance')).toBeInTheDocument();
    expect(screen.getByText('Turnover (kept free between stays)')).toBeInTheDocument();
  });

  it("shows the month with reserved days labelled 'Reserved', to a visitor", async () => {
    const fetchMock = mockApi({
      'GET /api/facility/info': facility,
      'GET /api/reservations/public-calendar': (req) =>
        req.url.endsWith('month=3')
          ? {
              body: [
                { startTime: '2027-03-10T00:00:00.000Z', endTime: '2027-03-12T23:59:59.999Z' },
                { startTime: '2027-02-27T00:00:00.000Z', endTime: '2027-03-01T23:59:59.999Z' },
              ],
            }
          : { body: [] },
    });
    const { queryClient } = renderApp('/facilities/availability');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Availability' }),
    ).toBeInTheDocument();
    const grid = await screen.findByRole('grid', { name: 'March 2027' });
    expect(grid).toHaveAttribute('aria-readonly', 'true');
    const reserved = await within(grid).findByRole('gridcell', {
      name: 'Wednesday, March 10, 2027, reserved',
    });
    expect(reserved).toHaveTextContent('Reserved');
    expect(
      within(grid).getByRole('gridcell', { name: 'Thursday, March 11, 2027, reserved' }),
    ).toHaveTextContent('Reserved');
    expect(
      within(grid).getByRole('gridcell', { name: 'Friday, March 12, 2027, reserved' }),
    ).toBeInTheDocument();
    expect(
      within(grid).getByRole('gridcell', { name: 'Monday, March 1, 2027, reserved' }),
    ).toBeInTheDocument();
    expect(
      within(grid).getByRole('gridcell', { name: 'Saturday, March 13, 2027, available' }),
    ).not.toHaveTextContent('Reserved');
    expect(
      within(grid).getByRole('gridcell', { name: 'Thursday, March 4, 2027, past' }),
    ).toBeInTheDocument();
    expect(within(grid).getAllByText('Reserved')).toHaveLength(4);
    expect(callsTo(fetchMock, 'GET /api/reservations/public-calendar')[0]?.url).toBe(
      '/api/reservations/public-calendar?year=2027&month=3',
    );
    // Public data: its cache key starts with 'public', so it survives a logout.
    expect(queryClient.getQueryCache().findAll({ queryKey: ['public', 'calendar'] })).toHaveLength(
      1,
    );
  });

  it('keeps the first month in its placeholder until its days arrive: never a month all free first', async () => {
    let answer: (reply: { body: unknown }) => void = () => undefined;
    mockApi({
      'GET /api/facility/info': facility,
      'GET /api/reservations/public-calendar': () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    const { container } = renderApp('/facilities/availability');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Availability' }),
    ).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(container.querySelector('[data-calendar-placeholder]')).not.toBeNull(),
    );
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    answer({
      body: [{ startTime: '2027-03-10T00:00:00.000Z', endTime: '2027-03-10T23:59:59.999Z' }],
    });
    const grid = await screen.findByRole('grid', { name: 'March 2027' });
    expect(
      within(grid).getByRole('gridcell', { name: /Wednesday, March 10, 2027, reserved/i }),
    ).toBeInTheDocument();
    expect(container.querySelector('[data-calendar-placeholder]')).toBeNull();
  });

  it("draws the first month once its closures and the house's today are in too", async () => {
    let closures: (reply: { body: unknown }) => void = () => undefined;
    let facilityAnswer: (reply: { body: unknown }) => void = () => undefined;
    mockApi({
      'GET /api/facility/info': () =>
        new Promise((resolve) => {
          facilityAnswer = resolve;
        }),
      'GET /api/reservations/public-calendar': { body: [] },
      'GET /api/closures': () =>
        new Promise((resolve) => {
          closures = resolve;
        }),
    });
    const { container } = renderApp('/facilities/availability');
    await vi.waitFor(() =>
      expect(container.querySelector('[data-calendar-placeholder]')).not.toBeNull(),
    );
    closures({
      body: [{ id: 4, startDate: '2027-03-20', endDate: '2027-03-21', label: 'Maintenance' }],
    });
    // The stays and the closures are in; the house's today is not yet.
    await vi.waitFor(() => expect(screen.getByText(/Closed March 20 to March 21/)).toBeVisible());
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    facilityAnswer({
      body: {
        name: 'House',
        description: 'A house',
        timeZone: 'America/Chicago',
        utcOffsetMinutes: -360,
        turnoverDays: 0,
      },
    });
    const grid = await screen.findByRole('grid', { name: 'March 2027' });
    expect(
      within(grid).getByRole('gridcell', { name: 'Saturday, March 20, 2027, closed, Maintenance' }),
    ).toBeInTheDocument();
  });

  it('navigates months and loads each', async () => {
    const fetchMock = mockApi({
      'GET /api/facility/info': facility,
      'GET /api/reservations/public-calendar': (req) =>
        req.url.endsWith('month=4')
          ? {
              body: [
                { startTime: '2027-04-02T00:00:00.000Z', endTime: '2027-04-02T23:59:59.999Z' },
              ],
            }
          : { body: [] },
    });
    renderApp('/facilities/availability');
    await screen.findByRole('grid', { name: 'March 2027' });
    await userEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(
      await screen.findByRole('gridcell', { name: 'Friday, April 2, 2027, reserved' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(await screen.findByRole('grid', { name: 'February 2027' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /api/reservations/public-calendar').map((c) => c.url)).toEqual([
      '/api/reservations/public-calendar?year=2027&month=3',
      '/api/reservations/public-calendar?year=2027&month=4',
      '/api/reservations/public-calendar?year=2027&month=2',
    ]);
  });

  it('says which month could not be loaded', async () => {
    mockApi(
      {
        'GET /api/facility/info': facility,
        'GET /api/reservations/public-calendar': {
          status: 500,
          body: { message: 'Database down' },
        },
      },
      { user: testUser },
    );
    renderApp('/facilities/availability');
    expect(
      await screen.findByText('Could not load availability data for March 2027.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Database down')).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Next month' }));
    expect(
      await screen.findByText('Could not load availability data for April 2027.'),
    ).toBeInTheDocument();
  });
});
