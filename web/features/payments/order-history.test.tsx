import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes, serverFailure, stubFetch } from '../../test/render';
import tableClasses from '../../components/responsive-table.module.css';
import { ORDERS_PAGE_SIZE } from './api';
import { OrderHistory } from './order-history';
import { USER_ID, makeOrder, makeSubscription } from './test-data';

const routes = [{ path: '/', element: <OrderHistory userId={USER_ID} /> }];
const ORDERS = `GET /api/stripe/orders/${USER_ID}`;
const SUBSCRIPTION = `GET /api/stripe/subscription/${USER_ID}`;
const noSubscription = () => ({ status: 200, body: { subscription: null } });

const orders = [
  makeOrder(),
  makeOrder({
    id: '55555555-5555-4555-8555-555555555556',
    course_title: 'Baguazhang Circle Walking',
    amount_cents: 12000,
    status: 'failed',
    failure_reason: 'declined',
    paid_at: null,
    created_at: '2025-02-10T10:00:00.000Z',
  }),
];

describe('OrderHistory', () => {
  it('lists the orders with date, course, amount and status', async () => {
    const { calls } = stubFetch({
      [ORDERS]: () => ({ body: { orders, total: 2 } }),
      [SUBSCRIPTION]: noSubscription,
    });
    renderRoutes(routes, '/');
    const section = screen.getByRole('region', { name: 'Order History' });
    expect(within(section).getByRole('status', { name: 'Loading orders' })).toBeTruthy();
    const table = await within(section).findByRole('table', { name: 'Your orders' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['March 2, 2025', 'Xingyi Five Elements', '$89.00', 'Paid'],
      ['February 10, 2025', 'Baguazhang Circle Walking', '$120.00', 'FailedCard Declined'],
    ]);
    expect(calls.find((call) => call.path.startsWith('/api/stripe/orders'))).toBeTruthy();
    expect(screen.queryByText(/AI Sifu plan/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
  });

  it('lists the orders as cards on a phone, the course heading each card', async () => {
    stubFetch({
      [ORDERS]: () => ({ body: { orders, total: 2 } }),
      [SUBSCRIPTION]: noSubscription,
    });
    renderRoutes(routes, '/');
    const table = await screen.findByRole('table', { name: 'Your orders' });
    const second = within(table).getAllByRole('row')[2]!;
    const cells = within(second).getAllByRole('cell');
    expect(cells.filter((cell) => cell.classList.contains(tableClasses.cardTitle!))).toEqual([
      within(second).getByRole('cell', { name: 'Baguazhang Circle Walking' }),
    ]);
    expect(cells.map((cell) => cell.dataset.label)).toEqual(['Date', 'Course', 'Amount', 'Status']);
  });

  it("says 'No orders yet' when the server answers 404 or an empty list", async () => {
    stubFetch({
      [ORDERS]: () => ({ status: 404, body: { error: 'User not found', code: 'USER_NOT_FOUND' } }),
      [SUBSCRIPTION]: noSubscription,
    });
    renderRoutes(routes, '/');
    expect(await screen.findByText('No orders yet')).toBeTruthy();
  });

  it('shows a load error with a retry', async () => {
    let fail = true;
    stubFetch({
      [ORDERS]: () => (fail ? serverFailure : { body: { orders, total: 2 } }),
      [SUBSCRIPTION]: noSubscription,
    });
    const { user } = renderRoutes(routes, '/');
    expect(await screen.findByText('Failed to load your orders. Please try again.')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Your orders' })).toBeTruthy();
  });

  it('pages through many orders', async () => {
    const { fetchMock } = stubFetch({
      [ORDERS]: () => ({ body: { orders, total: ORDERS_PAGE_SIZE + 2 } }),
      [SUBSCRIPTION]: noSubscription,
    });
    const requested = () => fetchMock.mock.calls.map(([input]) => (typeof input === 'string' ? input : ''));
    const { user } = renderRoutes(routes, '/');
    await screen.findByRole('table', { name: 'Your orders' });
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    expect(requested()).toContain(`/api/stripe/orders/${USER_ID}?limit=${ORDERS_PAGE_SIZE}&offset=0`);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(requested()).toContain(
        `/api/stripe/orders/${USER_ID}?limit=${ORDERS_PAGE_SIZE}&offset=${ORDERS_PAGE_SIZE}`,
      ),
    );
    expect(await screen.findByText('Page 2 of 2')).toBeTruthy();
  });

  it('shows the AI Sifu plan when there is one', async () => {
    stubFetch({
      [ORDERS]: () => ({ body: { orders: [], total: 0 } }),
      [SUBSCRIPTION]: () => ({ body: { subscription: makeSubscription() } }),
    });
    renderRoutes(routes, '/');
    expect(await screen.findByText('AI Sifu plan: 100 questions a month, renews April 1, 2025')).toBeTruthy();
  });
});
