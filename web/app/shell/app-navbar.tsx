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
import classes from './app-navbar.module.css';

export interface NavItem {
  to: string;
  label: string;
  icon: TablerIcon;
  /** Whether the item is the current section for a path. */
  isActive: (pathname: string) => boolean;
  adminOnly?: boolean;
  /** A student's own area (AI Sifu's history and notes), not shown to administrators. */
  studentOnly?: boolean;
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
  {
    to: '/app/sifu-notes',
    label: "Sifu's Notes",
    icon: IconNotes,
    isActive: within('/app/sifu-notes'),
    studentOnly: true,
  },
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
  /**
   * The narrow, icon-only form, chosen by the reader. It applies from the sm breakpoint up
   * (app-navbar.module.css); on a phone the sidebar opens over the page with its labels.
   */
  narrow: boolean;
  onToggleNarrow: () => void;
  onNavigate: () => void;
}

export function AppNavbar({ isAdmin, unreadCount, narrow, onToggleNarrow, onNavigate }: AppNavbarProps) {
  const { pathname } = useLocation();
  const items = NAV_ITEMS.filter((item) => (isAdmin ? !item.studentOnly : !item.adminOnly));
  const ToggleIcon = narrow ? IconLayoutSidebarLeftExpand : IconLayoutSidebarLeftCollapse;
  const linkClassNames = { root: classes.link, label: classes.label };

  return (
    <div className={classes.navbar} data-narrow={narrow || undefined}>
      <AppShell.Section grow component={ScrollArea} className={classes.section}>
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
                label={item.label}
                classNames={linkClassNames}
                leftSection={
                  <Indicator
                    disabled={unread === 0}
                    color="red.9"
                    size={8}
                    offset={2}
                    classNames={{ indicator: classes.unreadDot }}
                  >
                    <ItemIcon size={20} stroke={1.6} aria-hidden />
                  </Indicator>
                }
                rightSection={
                  unread > 0 ? (
                    <Badge
                      size="sm"
                      circle
                      color="red.9"
                      aria-label={`${unread} unread`}
                      className={classes.unreadBadge}
                    >
                      {unread}
                    </Badge>
                  ) : undefined
                }
                variant="filled"
              />
            );
            return narrow ? (
              <Tooltip
                key={item.to}
                label={item.label}
                position="right"
                withArrow
                classNames={{ tooltip: classes.narrowTooltip }}
              >
                {link}
              </Tooltip>
            ) : (
              link
            );
          })}
        </div>
      </AppShell.Section>
      {/* Narrowing is for wide screens: the phone's sidebar is a drawer. */}
      <AppShell.Section className={`${classes.section} ${classes.collapse}`} visibleFrom="sm">
        <NavLink
          component="button"
          type="button"
          onClick={onToggleNarrow}
          aria-label={narrow ? 'Expand sidebar' : 'Collapse sidebar'}
          aria-expanded={!narrow}
          label="Collapse sidebar"
          classNames={linkClassNames}
          leftSection={<ToggleIcon size={20} stroke={1.6} aria-hidden />}
        />
      </AppShell.Section>
    </div>
  );
}
