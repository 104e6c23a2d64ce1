import { useEffect, useState } from 'react';
import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconClock, IconLock, IconX } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import {
  NO_TOKEN_MESSAGE,
  VERIFY_DELAY_MS,
  VerifyPaymentInput,
  formatAmount,
  type Order,
} from '../../../common/payments';
import { errorMessage, isNotFound, isUnauthorized } from '../../lib/api-client';
import { useStartCheckout } from './checkout';
import { useSession } from '../../lib/session';
import { readToken } from '../../lib/session-storage';
import { useVerifyPayment } from './api';
import { failureCopy } from './payment-copy';
import { CountdownNotice, ResultPanel } from './result-panel';
import { useRedirectCountdown } from './use-redirect-countdown';

/** While the provider still reports a payment as pending, ask again this often, this many times. */
export const VERIFY_POLL_MS = 2000;
export const VERIFY_MAX_ATTEMPTS = 5;

export const VERIFY_FAILED_MESSAGE =
  'We could not check your payment just now. Please try again in a moment.';

type Verification =
  | { kind: 'verifying' }
  | { kind: 'paid'; order: Order }
  | { kind: 'processing'; order: Order }
  | { kind: 'unpaid'; order: Order }
  | { kind: 'not-found' }
  | { kind: 'signed-out' }
  | { kind: 'error'; message: string };

/**
 * Verifies the checkout after VERIFY_DELAY_MS, then again every VERIFY_POLL_MS while the provider
 * still says pending (a bank may confirm a moment after the redirect). `round` restarts it.
 */
function useVerification(input: VerifyPaymentInput | null, round: number) {
  const { mutateAsync: verify } = useVerifyPayment();
  const { refreshUser } = useSession();
  const [state, setState] = useState<Verification>({ kind: 'verifying' });
  const sessionId = input?.session_id;
  const courseId = input?.course_id;

  useEffect(() => {
    if (!sessionId || !courseId) return;
    let cancelled = false;
    let attempts = 0;
    let timer: number | undefined;
    const run = async () => {
      attempts += 1;
      try {
        const result = await verify({ session_id: sessionId, course_id: courseId });
        if (cancelled) return;
        if (result.success) {
          setState({ kind: 'paid', order: result.order });
          // The user's courses changed, so a verified payment refreshes the stored user.
          refreshUser().catch((error: unknown) => console.warn('Could not refresh the user', error));
        } else if (result.status === 'pending') {
          if (attempts < VERIFY_MAX_ATTEMPTS) timer = window.setTimeout(() => void run(), VERIFY_POLL_MS);
          else setState({ kind: 'processing', order: result.order });
        } else {
          setState({ kind: 'unpaid', order: result.order });
        }
      } catch (error) {
        if (cancelled) return;
        if (isNotFound(error)) setState({ kind: 'not-found' });
        else if (isUnauthorized(error)) setState({ kind: 'signed-out' });
        else setState({ kind: 'error', message: errorMessage(error, VERIFY_FAILED_MESSAGE) });
      }
    };
    timer = window.setTimeout(() => void run(), VERIFY_DELAY_MS);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [sessionId, courseId, round, verify, refreshUser]);

  return [state, setState] as const;
}

const coursePath = (courseId: string | null | undefined) =>
  courseId ? `/app/course/${courseId}` : '/app/courses';

function Paid({ order }: { order: Order }) {
  const [stayed, setStayed] = useState(false);
  // The order's course is the server's word; a deleted course leaves only the catalogue to go to.
  const courseId = order.course_id;
  const target = coursePath(courseId);
  const remaining = useRedirectCountdown(target, !stayed);
  return (
    <ResultPanel
      icon={<IconCheck size={36} />}
      color="jade"
      title="Payment Successful!"
      actions={
        <>
          <Button component={Link} to={target}>
            {courseId ? 'Go to Course' : 'Browse Courses'}
          </Button>
          <Button component={Link} to="/app" variant="default">
            Go to Dashboard
          </Button>
        </>
      }
    >
      <Text size="lg">
        You are now enrolled in <strong>{order.course_title}</strong>.
      </Text>
      <Text c="dimmed">
        {formatAmount(order.amount_cents, order.currency)} paid · one-time payment, lifetime access.
      </Text>
      {!stayed && (
        <CountdownNotice
          destination={courseId ? 'your course' : 'the courses'}
          remaining={remaining}
          onStay={() => setStayed(true)}
        />
      )}
    </ResultPanel>
  );
}

function unpaidCopy(order: Order) {
  if (order.status === 'expired') {
    return {
      title: 'Checkout Expired',
      message:
        'This checkout expired before it was paid. No money was taken. Start again when you are ready.',
    };
  }
  if (order.status === 'cancelled') {
    return {
      title: 'Checkout Replaced',
      message:
        'A newer checkout replaced this one, and no money was taken for it. If you paid in the newer checkout, the course is on your dashboard.',
    };
  }
  return failureCopy(order.failure_reason ?? 'failed');
}

function Unpaid({ order, courseId }: { order: Order; courseId: string }) {
  const checkout = useStartCheckout();
  const copy = unpaidCopy(order);
  return (
    <ResultPanel
      icon={<IconX size={36} />}
      color="red"
      title={copy.title}
      actions={
        <>
          <Button
            loading={checkout.isRedirecting}
            onClick={() => checkout.start({ courseId: order.course_id ?? courseId })}
          >
            Try Again
          </Button>
          <Button component={Link} to="/app/courses" variant="default">
            Browse Courses
          </Button>
        </>
      }
    >
      <Text>{copy.message}</Text>
    </ResultPanel>
  );
}

const dashboardButtons = (
  <>
    <Button component={Link} to="/app">
      Go to Dashboard
    </Button>
    <Button component={Link} to="/app/courses" variant="default">
      Browse Courses
    </Button>
  </>
);

/** /payment/success?session_id&course_id: verifies the checkout, then moves on to the course. */
export function PaymentSuccessPage() {
  const [searchParams] = useSearchParams();
  const [hasToken] = useState(() => readToken() !== null);
  const [round, setRound] = useState(0);
  const sessionId = searchParams.get('session_id') ?? '';
  const courseId = searchParams.get('course_id') ?? '';
  const parsed = VerifyPaymentInput.safeParse({ session_id: sessionId, course_id: courseId });
  const input = hasToken && parsed.success ? parsed.data : null;
  const [state, setState] = useVerification(input, round);

  const handleCheckAgain = () => {
    setState({ kind: 'verifying' });
    setRound((value) => value + 1);
  };

  if (!hasToken || state.kind === 'signed-out') {
    return (
      <ResultPanel
        icon={<IconLock size={36} />}
        color="gray"
        title="Sign in to confirm your payment"
        actions={
          <Button component={Link} to="/app/login">
            Sign in
          </Button>
        }
      >
        <Alert color="red" role="alert" w="100%">
          {NO_TOKEN_MESSAGE}
        </Alert>
        <Text>
          If you have paid, sign in and the course will appear on your dashboard as soon as the payment is
          confirmed.
        </Text>
      </ResultPanel>
    );
  }

  if (!parsed.success) {
    return (
      <ResultPanel
        icon={<IconAlertTriangle size={36} />}
        color="orange"
        title="This payment link is incomplete"
        actions={dashboardButtons}
      >
        <Text>
          {sessionId.trim()
            ? 'The link does not say which course was bought, so we cannot check the payment from here.'
            : 'The link is missing the payment session, so we cannot check the payment from here.'}
        </Text>
        <Text c="dimmed">
          If you have just paid, the course appears on your dashboard once the payment is confirmed, and the
          order is listed under Order History in Settings.
        </Text>
      </ResultPanel>
    );
  }

  switch (state.kind) {
    case 'verifying':
      return (
        <ResultPanel icon={<Loader color="jade" size="md" />} color="jade" title="Verifying your payment…">
          <Stack gap={4} role="status" aria-live="polite">
            <Text>Please wait a moment while we confirm your payment with the bank.</Text>
            <Text c="dimmed" size="sm">
              Please do not close this page.
            </Text>
          </Stack>
        </ResultPanel>
      );
    case 'paid':
      return <Paid order={state.order} />;
    case 'unpaid':
      return <Unpaid order={state.order} courseId={courseId} />;
    case 'processing':
      return (
        <ResultPanel
          icon={<IconClock size={36} />}
          color="yellow"
          title="Your payment is still processing"
          actions={
            <>
              <Button onClick={handleCheckAgain}>Check again</Button>
              <Button component={Link} to={coursePath(state.order.course_id ?? courseId)} variant="default">
                Go to the course page
              </Button>
            </>
          }
        >
          <Text>
            The bank has not confirmed the payment for <strong>{state.order.course_title}</strong> yet. This
            can take a few minutes; you will be enrolled automatically as soon as it is confirmed.
          </Text>
        </ResultPanel>
      );
    case 'not-found':
      return (
        <ResultPanel
          icon={<IconAlertTriangle size={36} />}
          color="orange"
          title="We could not find this payment"
          actions={dashboardButtons}
        >
          <Text>
            This payment session does not match your account and course. If you were charged, check Order
            History in Settings or contact us, and we will sort it out.
          </Text>
        </ResultPanel>
      );
    case 'error':
      return (
        <ResultPanel
          icon={<IconAlertTriangle size={36} />}
          color="red"
          title="We could not confirm your payment"
          actions={
            <>
              <Button onClick={handleCheckAgain}>Try again</Button>
              <Button component={Link} to="/app" variant="default">
                Go to Dashboard
              </Button>
            </>
          }
        >
          <Alert color="red" role="alert" w="100%">
            {state.message}
          </Alert>
          <Text c="dimmed">If the payment went through, you will be enrolled automatically.</Text>
        </ResultPanel>
      );
  }
}
