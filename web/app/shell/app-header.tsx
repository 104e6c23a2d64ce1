import { Anchor, Box, Burger, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconFileText, IconLogout, IconSettings } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { User } from '../../../common/users';
import { Logo } from '../../components/brand';
import { ColorSchemeToggle } from '../../components/color-scheme-toggle';
import { UserAvatar } from '../../components/user-avatar';
import { NotificationsBell } from '../../features/messages/recent-messages';
import { HeaderSearch } from '../../features/search/header-search';
import { roleLabel } from '../../lib/format';
import classes from './app-header.module.css';

export interface AppHeaderProps {
  user: User;
  unreadCount: number;
  navbarOpened: boolean;
  onToggleNavbar: () => void;
  onViewTerms: () => void;
  onSignOut: () => void;
}

function UserMenu({
  user,
  onViewTerms,
  onSignOut,
}: Pick<AppHeaderProps, 'user' | 'onViewTerms' | 'onSignOut'>) {
  const role = roleLabel(user);
  return (
    <Menu position="bottom-end" width={220} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={`${user.name}, ${role}: account menu`} className={classes.userButton}>
          <Group gap="xs" wrap="nowrap">
            <UserAvatar name={user.name} avatar={user.avatar} size={34} radius="xl" />
            <Box visibleFrom="sm" className={classes.userName}>
              <Text size="sm" fw={600} truncate maw={160}>
                {user.name}
              </Text>
              <Text size="xs" c="dimmed">
                {role}
              </Text>
            </Box>
            <IconChevronDown size={16} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          {user.name} · {role}
        </Menu.Label>
        <Menu.Item component={Link} to="/app/settings" leftSection={<IconSettings size={16} aria-hidden />}>
          Settings
        </Menu.Item>
        <Menu.Item onClick={onViewTerms} leftSection={<IconFileText size={16} aria-hidden />}>
          Terms of Service
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          onClick={onSignOut}
          color="var(--mantine-color-error)"
          leftSection={<IconLogout size={16} aria-hidden />}
        >
          Sign Out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

export function AppHeader({
  user,
  unreadCount,
  navbarOpened,
  onToggleNavbar,
  onViewTerms,
  onSignOut,
}: AppHeaderProps) {
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={navbarOpened}
          onClick={onToggleNavbar}
          hiddenFrom="sm"
          size="sm"
          aria-label="Toggle navigation"
          aria-expanded={navbarOpened}
        />
        <Anchor component={Link} to="/app" c="bright" underline="never" className={classes.home}>
          {/* On a narrow phone the name would leave no room for the search button and the menus. */}
          <Box component="span" visibleFrom="xs" className={classes.home}>
            <Logo variant="full" size={34} title="Kwoon" />
          </Box>
          <Box component="span" hiddenFrom="xs" className={classes.home}>
            <Logo variant="mark" size={34} title="Kwoon" />
          </Box>
        </Anchor>
      </Group>
      <HeaderSearch className={classes.search} />
      <Group gap="xs" wrap="nowrap">
        <ColorSchemeToggle />
        <NotificationsBell user={user} unreadCount={unreadCount} />
        <UserMenu user={user} onViewTerms={onViewTerms} onSignOut={onSignOut} />
      </Group>
    </Group>
  );
}
