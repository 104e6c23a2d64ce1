import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { databaseTimeout, stubFetch, TestProviders } from '../../test/render';
import { useOrders, useSubscription } from './api';
import { USER_ID } from './test-data';

const wrapper = ({ children }: { children: ReactNode }) => <TestProviders>{children}</TestProviders>;

afterEach(() => vi.restoreAllMocks());

/** "None" is an answer, not a failure, so nothing is logged or shown as an error. */
describe('the payments reads that may answer none', () => {
  it('useSubscription is null when there is no plan, with no error state and nothing logged', async () => {
    stubFetch({
      [`GET /api/stripe/subscription/${USER_ID}`]: () => ({ status: 200, body: { subscription: null } }),
    });
    const consoleError = vi.spyOn(console, 'error');
    const { result } = renderHook(() => useSubscription(USER_ID), { wrapper });

    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toBeNull();
    expect(result.current.isError).toBe(false);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('useOrders is an empty list on a 404, with no error state and nothing logged', async () => {
    stubFetch({
      [`GET /api/stripe/orders/${USER_ID}`]: () => ({
        status: 404,
        body: { error: 'User not found', code: 'USER_NOT_FOUND' },
      }),
    });
    const consoleError = vi.spyOn(console, 'error');
    const { result } = renderHook(() => useOrders(USER_ID, 0), { wrapper });

    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toEqual({ orders: [], total: 0 });
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('useSubscription still fails on other errors, so a real outage is not mistaken for no plan', async () => {
    stubFetch({
      [`GET /api/stripe/subscription/${USER_ID}`]: () => databaseTimeout,
    });
    const { result } = renderHook(() => useSubscription(USER_ID), { wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
  });
});
