import {
  Alert,
  Badge,
  Button,
  Container,
  Divider,
  Group,
  Paper,
  Radio,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconFlask, IconLock } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import {
  CHECKOUT_CLOSED_MESSAGE,
  CHECKOUT_NOT_FOUND_MESSAGE,
  LocalCheckoutInput,
  LocalCheckoutOutcome,
  formatAmount,
  type LocalCheckoutSession,
} from '../../../common/payments';
import { PageLoader } from '../../components/page-loader';
import { ApiRequestError, errorMessage, isNotFound } from '../../lib/api-client';
import { useSchemaForm } from '../../lib/form';
import { isWebAddress } from './checkout';
import { useCompleteLocalCheckout, useLocalCheckout } from './api';
import { ResultPanel } from './result-panel';

export const TEST_MODE_TEXT = 'Test mode — no card is charged and no money moves';
export const CHECKOUT_LOAD_FAILED = 'The checkout could not be loaded. Please try again.';
export const CHECKOUT_SUBMIT_FAILED = 'The checkout could not be completed. Please try again.';

type SimulatedOutcome = Exclude<LocalCheckoutOutcome, 'cancel'>;

export const SIMULATED_OUTCOMES: { value: SimulatedOutcome; label: string; description: string }[] = [
  { value: 'pay', label: 'Successful payment', description: 'The card is accepted and you are enrolled.' },
  { value: 'declined', label: 'Card declined', description: 'The bank refuses the card.' },
  { value: 'insufficient_funds', label: 'Insufficient funds', description: 'The card has too little money.' },
  { value: 'expired_card', label: 'Expired card', description: 'The card is past its expiry date.' },
  { value: 'invalid_card', label: 'Invalid card', description: 'The card details do not check out.' },
];

const isClosed = (error: unknown) => error instanceof ApiRequestError && error.status === 409;

function TestModeBanner() {
  return (
    <Alert
      color="yellow.5"
      variant="filled"
      autoContrast
      radius="md"
      icon={<IconFlask aria-hidden />}
      title="TEST MODE"
      role="note"
    >
      {TEST_MODE_TEXT}
    </Alert>
  );
}

function ClosedCheckout() {
  return (
    <ResultPanel
      icon={<IconLock size={36} />}
      color="gray"
      title="This checkout is closed"
      actions={
        <Button component={Link} to="/app/courses">
          Browse Courses
        </Button>
      }
    >
      <Text>{CHECKOUT_CLOSED_MESSAGE}. It has already been paid, has failed, or has expired.</Text>
      <Text c="dimmed">To buy the course, start again from its page.</Text>
    </ResultPanel>
  );
}

function MissingCheckout() {
  return (
    <ResultPanel
      icon={<IconAlertTriangle size={36} />}
      color="orange"
      title="Checkout not found"
      actions={
        <Button component={Link} to="/app/courses">
          Browse Courses
        </Button>
      }
    >
      <Text>{CHECKOUT_NOT_FOUND_MESSAGE}. The link may be mistyped, or test checkout is switched off.</Text>
    </ResultPanel>
  );
}

function CheckoutForm({ session }: { session: LocalCheckoutSession }) {
  const { form, onSubmit } = useSchemaForm<{ outcome: SimulatedOutcome }>({
    schema: LocalCheckoutInput,
    initialValues: { outcome: 'pay' },
  });
  const complete = useCompleteLocalCheckout(session.session_id);
  const amount = formatAmount(session.amount_cents, session.currency);
  // Once the server has answered, the browser is on its way to the result page: keep the buttons busy.
  const busy = complete.isPending || complete.isSuccess;

  const submit = (chosen: LocalCheckoutOutcome) =>
    complete.mutate(chosen, {
      onSuccess: ({ redirect_url }) => {
        if (isWebAddress(redirect_url)) window.location.assign(redirect_url);
      },
    });

  if (complete.isError && isClosed(complete.error)) return <ClosedCheckout />;

  return (
    <Container size="xs" py="xl">
      <Stack gap="lg">
        <TestModeBanner />
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} shadow="xs">
          <form
            aria-labelledby="local-checkout-title"
            onSubmit={onSubmit((values) => submit(values.outcome))}
          >
            <Stack gap="md">
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Title order={1} size="h3" id="local-checkout-title">
                  Kwoon checkout
                </Title>
                <Badge color="yellow.5" variant="filled" autoContrast>
                  Test
                </Badge>
              </Group>
              <Stack gap={4}>
                <Text size="sm" c="dimmed">
                  Course
                </Text>
                <Text fw={600}>{session.course_title}</Text>
              </Stack>
              <Group justify="space-between">
                <Text size="sm" c="dimmed">
                  Amount due
                </Text>
                <Text size="xl" fw={700}>
                  {amount}
                </Text>
              </Group>
              <Text size="sm">
                Paying as <strong>{session.customer_email}</strong>
              </Text>
              <Text size="sm" c="dimmed">
                One-time payment, lifetime access.
              </Text>
              <Divider />
              <Radio.Group
                label="Simulate"
                description="Choose what the pretend card does. Nothing real is charged."
                {...form.getInputProps('outcome')}
              >
                <Stack gap="xs" mt="xs">
                  {SIMULATED_OUTCOMES.map((option) => (
                    <Radio
                      key={option.value}
                      value={option.value}
                      label={option.label}
                      description={option.description}
                      disabled={busy}
                    />
                  ))}
                </Stack>
              </Radio.Group>
              {complete.isError && (
                <Alert color="red" role="alert">
                  {errorMessage(complete.error, CHECKOUT_SUBMIT_FAILED)}
                </Alert>
              )}
              <Button
                type="submit"
                size="md"
                fullWidth
                loading={busy && complete.variables !== 'cancel'}
                disabled={busy}
              >
                Pay {amount}
              </Button>
              <Button
                variant="default"
                fullWidth
                loading={busy && complete.variables === 'cancel'}
                disabled={busy}
                onClick={() => submit('cancel')}
              >
                Cancel and return to Kwoon
              </Button>
            </Stack>
          </form>
        </Paper>
      </Stack>
    </Container>
  );
}

/** /payment/checkout/:sessionId — the built-in test checkout that stands in for Stripe's page. */
export function LocalCheckoutPage() {
  const { sessionId = '' } = useParams();
  const checkout = useLocalCheckout(sessionId);

  if (checkout.isPending) return <PageLoader label="Loading checkout" />;
  if (checkout.isError) {
    if (isNotFound(checkout.error)) return <MissingCheckout />;
    if (isClosed(checkout.error)) return <ClosedCheckout />;
    return (
      <ResultPanel
        icon={<IconAlertTriangle size={36} />}
        color="red"
        title="Checkout unavailable"
        actions={<Button onClick={() => void checkout.refetch()}>Try again</Button>}
      >
        <Alert color="red" role="alert" w="100%">
          {errorMessage(checkout.error, CHECKOUT_LOAD_FAILED)}
        </Alert>
      </ResultPanel>
    );
  }
  if (checkout.data.status !== 'open') return <ClosedCheckout />;
  return <CheckoutForm session={checkout.data} />;
}
