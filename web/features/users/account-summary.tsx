import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { User } from '../../../common/users';
import { UserAvatar } from '../../components/user-avatar';
import { formatDate, roleLabel } from '../../lib/format';
import classes from './account-summary.module.css';

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text>{value}</Text>
    </div>
  );
}

export function AccountSummary({ profile }: { profile: User }) {
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="account-summary-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="account-summary-title">
          Account
        </Title>
        <Group gap="md" wrap="nowrap" align="flex-start">
          <UserAvatar name={profile.name} avatar={profile.avatar} size={64} radius={64} />
          <Stack gap={4} className={classes.identity}>
            <Text fw={600} size="lg" className={classes.wrap}>
              {profile.name}
            </Text>
            <Text c="dimmed" className={classes.wrap}>
              @{profile.username}
            </Text>
            {/* Under the name rather than beside it, so a phone shows them whole. */}
            <Group gap="xs">
              <Badge color={profile.is_active ? 'jade' : 'gray.7'} variant="filled">
                {profile.is_active ? 'Active' : 'Inactive'}
              </Badge>
              {profile.deletion_requested && (
                <Badge color="red.9" variant="filled">
                  Deletion requested
                </Badge>
              )}
            </Group>
          </Stack>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Detail label="Email" value={profile.email} />
          <Detail label="Role" value={roleLabel(profile)} />
          <Detail label="Member since" value={formatDate(profile.created_at)} />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
