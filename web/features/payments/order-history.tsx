import { useState } from 'react';
import { Alert, Badge, Button, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatAmount, type Order, type Subscription } from '../../../common/payments';
import { pageCount, PrevNextPager } from '../../components/prev-next-pager';
import { ResponsiveTable, type ResponsiveColumn } from '../../components/responsive-table';
import { formatDate } from '../../lib/format';
import { ORDERS_PAGE_SIZE, useOrders, useSubscription } from './api';
import { ORDER_STATUS_COLOR, ORDER_STATUS_LABEL, failureCopy } from './payment-copy';

export const ORDERS_LOAD_FAILED = 'Failed to load your orders. Please try again.';
export const NO_ORDERS_TEXT = 'No orders yet';

function StatusBadge({ order }: { order: Order }) {
  return (
    <Stack gap={2} align="flex-start">
      <Badge color={ORDER_STATUS_COLOR[order.status]} variant="light">
        {ORDER_STATUS_LABEL[order.status]}
      </Badge>
      {order.status === 'failed' && order.failure_reason && (
        <Text size="xs" c="dimmed">
          {failureCopy(order.failure_reason).title}
        </Text>
      )}
    </Stack>
  );
}

function LoadingRows() {
  return (
    <Stack gap="xs" aria-busy="true" aria-label="Loading orders" role="status">
      {[0, 1, 2].map((row) => (
        <Skeleton key={row} height={28} radius="sm" />
      ))}
    </Stack>
  );
}

/** One line about the AI Sifu plan, when the user has one that is running. */
function PlanLine({ subscription }: { subscription: Subscription }) {
  if (!subscription.active) return null;
  const ends = subscription.cancel_at_period_end || subscription.status === 'canceled';
  return (
    <Text size="sm">
      AI Sifu plan: {subscription.monthly_question_limit} questions a month, {ends ? 'ends' : 'renews'}{' '}
      {formatDate(subscription.current_period_end)}
    </Text>
  );
}

const ORDER_COLUMNS: ResponsiveColumn<Order>[] = [
  { header: 'Date', cell: (order) => formatDate(order.created_at), noWrap: true },
  { header: 'Course', cell: (order) => order.course_title, isCardTitle: true },
  {
    header: 'Amount',
    cell: (order) => formatAmount(order.amount_cents, order.currency),
    alignRight: true,
    noWrap: true,
  },
  // Wide enough that a status badge is never cut short.
  { header: 'Status', cell: (order) => <StatusBadge order={order} />, minWidth: 130 },
];

/** Settings' "Order History": the user's course purchases, newest first, and their AI Sifu plan. */
export function OrderHistory({ userId }: { userId: string }) {
  const [page, setPage] = useState(0);
  const orders = useOrders(userId, page);
  const subscription = useSubscription(userId);
  const total = orders.data?.total ?? 0;
  const pages = pageCount(total, ORDERS_PAGE_SIZE);

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="order-history-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="order-history-title">
          Order History
        </Title>
        {subscription.data && <PlanLine subscription={subscription.data} />}
        {orders.isPending ? (
          <LoadingRows />
        ) : orders.isError ? (
          <Alert color="red" role="alert">
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{ORDERS_LOAD_FAILED}</Text>
              <Button size="xs" variant="default" onClick={() => void orders.refetch()}>
                Retry
              </Button>
            </Stack>
          </Alert>
        ) : orders.data.orders.length === 0 ? (
          <Text c="dimmed">{NO_ORDERS_TEXT}</Text>
        ) : (
          <>
            <ResponsiveTable
              label="Your orders"
              columns={ORDER_COLUMNS}
              rows={orders.data.orders}
              rowKey={(order) => order.id}
              minWidth={480}
              verticalSpacing="xs"
            />
            {pages > 1 && <PrevNextPager page={page} pages={pages} onChange={setPage} />}
          </>
        )}
      </Stack>
    </Paper>
  );
}
