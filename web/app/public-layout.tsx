import { Anchor, Box, Burger, Button, Container, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
import { Link, NavLink as RouterNavLink, Outlet, useLocation } from 'react-router';
import { ColorSchemeToggle } from '../components/color-scheme-toggle';
import { MAIN_ID, SkipLink } from '../components/skip-link';
import { useSession } from '../lib/session';
import classes from './public-layout.module.css';

export const PUBLIC_LINKS = [
  { to: '/about', label: 'About' },
  { to: '/classes', label: 'Classes' },
  { to: '/blog', label: 'Blog' },
  { to: '/app', label: 'E-Learning' },
] as const;

/**
 * Leaves the app for a page the server renders (the landing page, about, the blog): a full
 * load, since those pages are not routes of this app. Unknown paths come here too, and go to
 * `/`.
 */
export function LeaveForSite({ to = '/' }: { to?: string }) {
  const { pathname } = useLocation();
  useEffect(() => window.location.replace(to), [to, pathname]);
  return null;
}

function NavItems({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <>
      {PUBLIC_LINKS.map((link) => (
        <Anchor
          key={link.to}
          component={RouterNavLink}
          to={link.to}
          reloadDocument={link.to !== '/app'}
          className={classes.navLink}
          fw={500}
          onClick={onNavigate}
        >
          {link.label}
        </Anchor>
      ))}
      <Button component={Link} to="/workshops" reloadDocument onClick={onNavigate}>
        Book Session
      </Button>
    </>
  );
}

/** Header and footer of the app's public pages (payment results, contact), linking to the site. */
export function PublicLayout() {
  const [menuOpened, { toggle, close }] = useDisclosure(false);
  const { user } = useSession();
  return (
    <div className={classes.page}>
      <SkipLink />
      <Box component="header" py="sm" className={classes.header}>
        <Container size="lg">
          <Group justify="space-between" wrap="nowrap">
            <Anchor component={Link} to="/" reloadDocument fw={700} fz="xl" c="bright" underline="never">
              Kwoon
            </Anchor>
            <Group gap="lg" wrap="nowrap">
              <Group component="nav" aria-label="Main" gap="lg" visibleFrom="sm">
                <NavItems />
              </Group>
              <Group gap="xs" wrap="nowrap">
                <ColorSchemeToggle />
                <Burger
                  opened={menuOpened}
                  onClick={toggle}
                  hiddenFrom="sm"
                  aria-label="Toggle navigation"
                  aria-expanded={menuOpened}
                  aria-controls="public-mobile-nav"
                />
              </Group>
            </Group>
          </Group>
          {/* Always in the page, so the burger's aria-controls names an element that exists. */}
          <Stack
            component="nav"
            id="public-mobile-nav"
            aria-label="Main"
            gap="sm"
            py="md"
            hiddenFrom="sm"
            display={menuOpened ? undefined : 'none'}
          >
            <NavItems onNavigate={close} />
          </Stack>
        </Container>
      </Box>
      <main id={MAIN_ID} tabIndex={-1} className={classes.main}>
        <Outlet />
      </main>
      <Box component="footer" py="lg" className={classes.footer}>
        <Container size="lg">
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed">
              © {new Date().getFullYear()} Kwoon · a nonprofit school of Chinese internal martial arts
            </Text>
            <Group gap="md">
              <Anchor component={Link} to="/about" reloadDocument size="sm">
                About
              </Anchor>
              <Anchor component={Link} to="/classes" reloadDocument size="sm">
                Classes
              </Anchor>
              {user ? (
                <Anchor component={Link} to="/app" size="sm">
                  Open the app
                </Anchor>
              ) : (
                <Anchor component={Link} to="/app/login" size="sm">
                  Sign in
                </Anchor>
              )}
            </Group>
          </Group>
        </Container>
      </Box>
    </div>
  );
}
