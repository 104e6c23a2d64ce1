import { AppShell, Badge, Indicator, NavLink, ScrollArea, Tooltip } from '@mantine/core';
import {
  IconBook,
  IconFolder,
  IconLayoutDashboard,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconLifebuoy,
  IconMessages,
  IconNews,
  IconNotes,
  IconStack2,
  IconUsers,
  type TablerIcon,
} from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';

export interface NavItem {
  to: string;
  label: string;
  icon: TablerIcon;
  /** Whether the item is the current section for a path. */
  isActive: (pathname: string) => boolean;
  adminOnly?: boolean;
  showsUnread?: boolean;
}

const within = (base: string) => (pathname: string) => pathname === base || pathname.startsWith(`${base}/`);

export const NAV_ITEMS: NavItem[] = [
  {
    to: '/app',
    label: 'Dashboard',
    icon: IconLayoutDashboard,
    isActive: (p) => p === '/app' || p === '/app/',
  },
  {
    to: '/app/courses',
    label: 'Courses',
    icon: IconBook,
    isActive: (p) => within('/app/courses')(p) || within('/app/course')(p),
  },
  { to: '/app/series', label: 'Series', icon: IconStack2, isActive: within('/app/series') },
  { to: '/app/community', label: 'Community', icon: IconUsers, isActive: within('/app/community') },
  {
    to: '/app/messages',
    label: 'Messages',
    icon: IconMessages,
    isActive: within('/app/messages'),
    showsUnread: true,
  },
  { to: '/app/resources', label: 'Resources', icon: IconFolder, isActive: within('/app/resources') },
  { to: '/app/sifu-notes', label: 'Sifu Notes', icon: IconNotes, isActive: within('/app/sifu-notes') },
  {
    to: '/app/admin/blog',
    label: 'Blog',
    icon: IconNews,
    isActive: within('/app/admin/blog'),
    adminOnly: true,
  },
  { to: '/app/support', label: 'Support', icon: IconLifebuoy, isActive: within('/app/support') },
];

export interface AppNavbarProps {
  isAdmin: boolean;
  unreadCount: number;
  /** The narrow, icon-only form (desktop only). */
  narrow: boolean;
  canCollapse: boolean;
  onToggleNarrow: () => void;
  onNavigate: () => void;
}

export function AppNavbar({
  isAdmin,
  unreadCount,
  narrow,
  canCollapse,
  onToggleNarrow,
  onNavigate,
}: AppNavbarProps) {
  const { pathname } = useLocation();
  const items = NAV_ITEMS.filter((item) => !item.adminOnly || isAdmin);
  const ToggleIcon = narrow ? IconLayoutSidebarLeftExpand : IconLayoutSidebarLeftCollapse;

  return (
    <>
      <AppShell.Section grow component={ScrollArea} px={narrow ? 'xs' : 'sm'} py="sm">
        <div>
          {items.map((item) => {
            const active = item.isActive(pathname);
            const unread = item.showsUnread && unreadCount > 0 ? unreadCount : 0;
            const ItemIcon = item.icon;
            const accessibleName = unread > 0 ? `${item.label} (${unread} unread)` : item.label;
            const link = (
              <NavLink
                key={item.to}
                component={Link}
                to={item.to}
                onClick={onNavigate}
                active={active}
                aria-current={active ? 'page' : undefined}
                aria-label={narrow ? accessibleName : undefined}
                label={narrow ? undefined : item.label}
                leftSection={
                  <Indicator disabled={!narrow || unread === 0} color="red.9" size={8} offset={2}>
                    <ItemIcon size={20} stroke={1.6} aria-hidden />
                  </Indicator>
                }
                rightSection={
                  unread > 0 && !narrow ? (
                    <Badge size="sm" circle color="red.9" aria-label={`${unread} unread`}>
                      {unread}
                    </Badge>
                  ) : undefined
                }
                variant="filled"
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
                mb={4}
              />
            );
            return narrow ? (
              <Tooltip key={item.to} label={item.label} position="right" withArrow>
                {link}
              </Tooltip>
            ) : (
              link
            );
          })}
        </div>
      </AppShell.Section>
      {canCollapse && (
        <AppShell.Section
          px={narrow ? 'xs' : 'sm'}
          py="sm"
          style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
        >
          <NavLink
            component="button"
            type="button"
            onClick={onToggleNarrow}
            aria-label={narrow ? 'Expand sidebar' : 'Collapse sidebar'}
            aria-expanded={!narrow}
            label={narrow ? undefined : 'Collapse sidebar'}
            leftSection={<ToggleIcon size={20} stroke={1.6} aria-hidden />}
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          />
        </AppShell.Section>
      )}
    </>
  );
}
