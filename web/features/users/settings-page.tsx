import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, Container, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { useCurrentUser, useSession } from '../../lib/session';
import { AccountDialog } from './account-dialog';
import { AccountSummary } from './account-summary';
import { useUserProfile } from './api';
import { EditProfileForm } from './edit-profile-form';
import { EmailNotificationsToggle } from './email-notifications-toggle';
import { PendingEmailNotice } from './pending-email-notice';
import { PROFILE_LOAD_FAILED_MESSAGE } from './profile-body';
import { SecurityDialog } from './security-dialog';

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Title order={2} size="h3" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

export interface SettingsPageProps {
  /** The payments feature's order history, composed in web/app (features do not import each other). */
  renderOrderHistory?: (props: { userId: string }) => ReactNode;
  /** Sections only administrators see (the school's settings), composed in web/app. */
  adminSections?: ReactNode;
}

export function SettingsPage({ renderOrderHistory, adminSections }: SettingsPageProps = {}) {
  const user = useCurrentUser();
  const { signOut } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  // ?openSecurity=true opens the dialog on arrival; a pending password change keeps it open anyway.
  const [securityOpen, setSecurityOpen] = useState(() => searchParams.get('openSecurity') === 'true');
  const [accountOpen, setAccountOpen] = useState(false);
  const profileQuery = useUserProfile(user.id);
  const passwordChangeRequired = user.requires_password_change;

  // The query has done its job once read; it leaves the URL without a new history entry.
  useEffect(() => {
    if (searchParams.get('openSecurity') !== 'true') return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('openSecurity');
        return next;
      },
      { replace: true },
    );
  }, [searchParams, setSearchParams]);

  // The server has already revoked a deactivated account's token; the /app guard then goes to /.
  const handleDeactivated = useCallback(() => signOut({ revoke: false, redirectTo: '/' }), [signOut]);

  if (profileQuery.isPending) return <PageLoader label="Loading your profile" />;
  if (profileQuery.isError) {
    return (
      <Container size="md" py="lg">
        <Alert color="red" role="alert" title="Settings">
          <Stack gap="sm" align="flex-start">
            <Text>{PROFILE_LOAD_FAILED_MESSAGE}</Text>
            <Button size="xs" variant="default" onClick={() => void profileQuery.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      </Container>
    );
  }
  const profile = profileQuery.data;

  return (
    <Container size="lg" py="lg" px={0}>
      <Stack gap="lg">
        <Title order={1}>Settings</Title>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="lg">
              <AccountSummary profile={profile} />
              <Section id="edit-profile-title" title="Edit Profile">
                <PendingEmailNotice profile={profile} />
                <EditProfileForm profile={profile} passwordChangeRequired={passwordChangeRequired} />
              </Section>
              {renderOrderHistory?.({ userId: profile.id })}
              {user.is_admin && !passwordChangeRequired && adminSections}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="lg">
              <Section id="security-title" title="Security & Privacy">
                <Text size="sm">
                  Change your password, choose who sees your profile, progress and courses, and who may
                  message you.
                </Text>
                <Button variant="default" onClick={() => setSecurityOpen(true)}>
                  Open Security &amp; Privacy
                </Button>
              </Section>
              <Section id="notifications-title" title="Notifications">
                <EmailNotificationsToggle profile={profile} passwordChangeRequired={passwordChangeRequired} />
              </Section>
              <Section id="account-title" title="Account Management">
                <Text size="sm">Deactivate your account or request its deletion.</Text>
                <Button
                  variant="outline"
                  color="var(--mantine-color-error)"
                  onClick={() => setAccountOpen(true)}
                >
                  Manage Account
                </Button>
              </Section>
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
      <SecurityDialog
        opened={securityOpen}
        onClose={() => setSecurityOpen(false)}
        profile={profile}
        passwordChangeRequired={passwordChangeRequired}
        onSignOut={() => void signOut({ redirectTo: '/' })}
      />
      <AccountDialog
        opened={accountOpen}
        onClose={() => setAccountOpen(false)}
        userId={profile.id}
        onDeactivated={handleDeactivated}
      />
    </Container>
  );
}
