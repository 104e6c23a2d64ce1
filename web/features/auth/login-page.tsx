import { useEffect, useState } from 'react';
import { Anchor, Center, Container, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { AuthResponse } from '../../../common/auth';
import { Logo } from '../../components/brand';
import { PageLoader } from '../../components/page-loader';
import { useSession } from '../../lib/session';
import { ForgotPasswordDialog } from './forgot-password-dialog';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

type Mode = 'signin' | 'signup';

/**
 * Where a fresh session goes: settings with the security dialog open while a new password is
 * owed, else the page of the app the visitor asked for before signing in, else the dashboard.
 */
export function landingPathFor(auth: Pick<AuthResponse, 'user'>, from?: string): string {
  if (auth.user.requires_password_change) return '/app/settings?openSecurity=true';
  return from?.startsWith('/app') && !from.startsWith('/app/login') ? from : '/app';
}

/** The page the /app guard sent the visitor here from (`state.from`), if any. */
function requestedPath(state: unknown): string | undefined {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' ? from : undefined;
}

export function LoginPage() {
  const { user, loading, verify } = useSession();
  const navigate = useNavigate();
  const from = requestedPath(useLocation().state);
  const [searchParams] = useSearchParams();
  const [mode, setMode] = useState<Mode>(searchParams.get('mode') === 'signup' ? 'signup' : 'signin');
  const [forgotOpen, setForgotOpen] = useState(false);
  const handleAuthenticated = (auth: AuthResponse) => {
    setForgotOpen(false);
    void navigate(landingPathFor(auth, from), { replace: true });
  };

  // A stored token without a cached user: the check says whether it is still signed in.
  useEffect(() => {
    if (loading) void verify();
  }, [loading, verify]);

  if (loading) return <PageLoader />;
  // Already signed in (or just signed in: both paths lead to the same place).
  if (user) return <Navigate to={landingPathFor({ user }, from)} replace />;

  return (
    <Container component="main" size={520} py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Center>
          <Stack gap={4} align="center">
            <Anchor component={Link} to="/" reloadDocument underline="never" c="inherit">
              <Stack gap={6} align="center">
                <Logo size={56} />
                <Title order={1} ta="center">
                  Kwoon
                </Title>
              </Stack>
            </Anchor>
            <Text c="dimmed" ta="center">
              E-Learning for Chinese internal martial arts
            </Text>
          </Stack>
        </Center>
        <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }}>
          <Tabs
            keepMounted={false}
            value={mode}
            onChange={(value) => setMode(value === 'signup' ? 'signup' : 'signin')}
          >
            <Tabs.List grow mb="lg">
              <Tabs.Tab value="signin">Sign In</Tabs.Tab>
              <Tabs.Tab value="signup">Sign Up</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="signin">
              <SignInForm onSignedIn={handleAuthenticated} onForgotPassword={() => setForgotOpen(true)} />
            </Tabs.Panel>
            <Tabs.Panel value="signup">
              <SignUpForm onSignedUp={handleAuthenticated} />
            </Tabs.Panel>
          </Tabs>
        </Paper>
      </Stack>
      <ForgotPasswordDialog
        opened={forgotOpen}
        onClose={() => setForgotOpen(false)}
        onSignedIn={handleAuthenticated}
      />
    </Container>
  );
}
