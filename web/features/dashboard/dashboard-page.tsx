import {
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useState, type ReactNode } from 'react';
import {
  IconBook,
  IconBooks,
  IconChartBar,
  IconLayoutDashboard,
  IconNews,
  IconQuote,
  IconSettings,
  IconUsers,
  type TablerIcon,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/format';
import { useCurrentUser } from '../../lib/session';
import { readSignedInAt } from '../../lib/session-storage';
import classes from './dashboard-page.module.css';
import { MemberHome } from './member-home';

interface DashboardLink {
  to: string;
  title: string;
  description: string;
  icon: TablerIcon;
}

const MEMBER_LINKS: DashboardLink[] = [
  {
    to: '/app/courses',
    title: 'Courses',
    description: 'Continue your training and find new courses.',
    icon: IconBook,
  },
  {
    to: '/app/community',
    title: 'Community',
    description: 'Meet your instructors and fellow students.',
    icon: IconUsers,
  },
  {
    to: '/app/settings',
    title: 'Settings',
    description: 'Your profile, password and privacy.',
    icon: IconSettings,
  },
];

const ADMIN_LINKS: DashboardLink[] = [
  {
    to: '/app/admin',
    title: 'Admin Dashboard',
    description: 'Manage courses, bookings and the school.',
    icon: IconLayoutDashboard,
  },
  { to: '/app/admin/blog', title: 'Blog', description: 'Write and publish blog posts.', icon: IconNews },
  {
    to: '/app/admin/ai-sifu',
    title: 'AI Sifu',
    description: "Students' questions, costs, the answer cache and the knowledge base.",
    icon: IconChartBar,
  },
  {
    to: '/app/community',
    title: 'Community Management',
    description: 'Manage students and their accounts.',
    icon: IconUsers,
  },
  {
    to: '/app/settings',
    title: 'Settings',
    description: 'Your profile, password and privacy.',
    icon: IconSettings,
  },
];

function LinkCard({ link }: { link: DashboardLink }) {
  const LinkIcon = link.icon;
  return (
    <UnstyledButton component={Link} to={link.to} className={classes.link}>
      <Card withBorder padding="lg" h="100%">
        <Stack gap="xs">
          <ThemeIcon size="lg" variant="filled" aria-hidden>
            <LinkIcon size={20} />
          </ThemeIcon>
          <Text fw={600} size="lg">
            {link.title}
          </Text>
          <Text size="sm" c="dimmed">
            {link.description}
          </Text>
        </Stack>
      </Card>
    </UnstyledButton>
  );
}

export interface AdminPanelsProps {
  /** The dashboard's buttons (Add News, Testimonials, …), above the panels. */
  actions?: ReactNode;
  /** 'News & Updates' (3 a page). */
  news?: ReactNode;
  /** 'All Feedback Reviews' (3 a page). */
  reviews: ReactNode;
  /** 'Most Recently Enrolled' (5 a page). */
  enrollments: ReactNode;
  /** The course cards with Add Course. */
  courses: ReactNode;
  /** Students' course requests. */
  requests: ReactNode;
  /** Booking Management and Class Management, side by side. */
  bookings?: ReactNode;
  classes?: ReactNode;
  /** The AI Sifu analytics panel, after the three columns. */
  aiSifu?: ReactNode;
}

/**
 * The admin's management view: the paged columns side by side,
 * then the courses, then the course requests. The panels come from their own features (web/app
 * composes them), so this feature only arranges them.
 */
export function AdminPanels({
  actions,
  news,
  reviews,
  enrollments,
  courses,
  requests,
  bookings,
  classes: classPanel,
  aiSifu,
}: AdminPanelsProps) {
  return (
    <Stack gap="lg">
      <Group gap="sm">
        {actions}
        <Button
          component={Link}
          to="/app/admin/quotes"
          variant="default"
          leftSection={<IconQuote size={16} aria-hidden />}
        >
          Quotes
        </Button>
        <Button
          component={Link}
          to="/app/admin/resources"
          variant="default"
          leftSection={<IconBooks size={16} aria-hidden />}
        >
          Resources
        </Button>
        <Button
          component={Link}
          to="/app/admin/ai-sifu/knowledge"
          variant="default"
          leftSection={<IconBooks size={16} aria-hidden />}
        >
          AI Sifu Knowledge
        </Button>
      </Group>
      {(bookings || classPanel) && (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {bookings}
          {classPanel}
        </SimpleGrid>
      )}
      <SimpleGrid cols={news ? { base: 1, md: 2, lg: 3 } : { base: 1, md: 2 }}>
        {news}
        {reviews}
        {enrollments}
      </SimpleGrid>
      {aiSifu}
      {courses}
      {requests}
    </Stack>
  );
}

export interface DashboardPageProps {
  /** The admin's management panels, shown under the admin links; members never see them. */
  adminPanels?: ReactNode;
  /** A member's own cards (My classes), under the quick links; administrators do not see them. */
  memberPanels?: ReactNode;
}

/** 'Signed in at …': when this browser's session began (session-storage.ts notes it). */
function SignedInAt() {
  const [signedInAt] = useState(readSignedInAt);
  if (!signedInAt) return null;
  return (
    <Text size="sm" c="dimmed">
      Signed in at <time dateTime={signedInAt}>{formatDateTime(signedInAt)}</time>
    </Text>
  );
}

/**
 * The /app index: a member's home (quote, current courses, news) and an admin view with the
 * management panels, each under the welcome and the quick links.
 */
export function DashboardPage({ adminPanels, memberPanels }: DashboardPageProps) {
  const user = useCurrentUser();
  const links = user.is_admin ? ADMIN_LINKS : MEMBER_LINKS;
  return (
    <Container size="lg" py="lg" px={0}>
      <Stack gap="lg">
        <div>
          <Title order={1}>Welcome, {user.name}</Title>
          <Text c="dimmed">{user.is_admin ? 'Administrator' : 'Your training at a glance'}</Text>
          <SignedInAt />
        </div>
        {!user.is_admin && <MemberHome />}
        <nav aria-label={user.is_admin ? 'Administration' : 'Quick links'}>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: user.is_admin ? 4 : 3 }}>
            {links.map((link) => (
              <LinkCard key={link.to + link.title} link={link} />
            ))}
          </SimpleGrid>
        </nav>
        {user.is_admin ? adminPanels : memberPanels}
      </Stack>
    </Container>
  );
}

/** /app/admin: the same management panels under their own heading. */
export function AdminDashboardPage({ adminPanels }: DashboardPageProps) {
  return (
    <Container size="lg" py="lg" px={0}>
      <Stack gap="lg">
        <div>
          <Title order={1}>Admin Dashboard</Title>
          <Text c="dimmed">Bookings, classes, courses, reviews, enrolments and course requests</Text>
        </div>
        {adminPanels}
      </Stack>
    </Container>
  );
}
