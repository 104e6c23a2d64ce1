import { useEffect, useRef } from 'react';
import { Button, Container, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { EMAIL_CHANGE_INVALID_MESSAGE } from '../../../common/users';
import { errorMessage } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { useConfirmEmail } from './api';
import classes from './confirm-email-page.module.css';

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <Container size="sm" py="xl">
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} shadow="xs">
        <Stack align="center" gap="md" ta="center">
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}

/** /confirm-email?token=…: the page the link in the confirmation e-mail opens. */
export function ConfirmEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const { user } = useSession();
  const confirm = useConfirmEmail();
  const { mutate } = confirm;
  // A link is spent by its first use, so it is sent once even when effects run twice.
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    mutate(token);
  }, [token, mutate]);

  const next = user
    ? { to: '/app/settings', label: 'Go to Settings' }
    : { to: '/app/login', label: 'Sign in' };

  if (token && (confirm.isIdle || confirm.isPending)) {
    return (
      <Frame>
        <Loader aria-hidden />
        <Title order={1} size="h2">
          Confirming your e-mail address
        </Title>
        <Text role="status">One moment…</Text>
      </Frame>
    );
  }

  if (confirm.isSuccess) {
    return (
      <Frame>
        <ThemeIcon size={64} radius="xl" variant="light" color="jade" aria-hidden>
          <IconMailCheck size={36} />
        </ThemeIcon>
        <Title order={1} size="h2">
          E-mail address confirmed
        </Title>
        <Text size="lg" role="status" className={classes.confirmed}>
          <strong>{confirm.data.email}</strong> is your account&apos;s confirmed address: sign in and recover
          your password with it, and what you booked with it is in your account.
        </Text>
        <Button component={Link} to={next.to}>
          {next.label}
        </Button>
      </Frame>
    );
  }

  return (
    <Frame>
      <ThemeIcon size={64} radius="xl" variant="light" color="red" aria-hidden>
        <IconAlertCircle size={36} />
      </ThemeIcon>
      <Title order={1} size="h2">
        We could not confirm this address
      </Title>
      <Text size="lg" role="alert">
        {token
          ? errorMessage(confirm.error, 'Something went wrong. Please try again.')
          : EMAIL_CHANGE_INVALID_MESSAGE}
      </Text>
      <Button component={Link} to={next.to}>
        {next.label}
      </Button>
    </Frame>
  );
}
