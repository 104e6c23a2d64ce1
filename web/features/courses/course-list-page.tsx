import { useEffect, useState, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Center,
  Container,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useLocation, useSearchParams } from 'react-router';
import { useSession } from '../../lib/session';
import { useCourses } from './api';
import { CourseCard } from './course-card';
import { useEnrollAction } from './use-enroll-action';

export const COURSES_LOAD_ERROR = 'Failed to load courses. Please try again later.';
/** The page scrolls to and highlights the course of ?highlight= after 500 ms. */
export const HIGHLIGHT_DELAY_MS = 500;

export interface CourseListPageProps {
  isSeries: boolean;
  /** Extra actions beside the title for students, e.g. requesting a course (composed in web/app). */
  studentActions?: ReactNode;
}

/** /app/courses and /app/series: the same list, separated by is_series. */
export function CourseListPage({ isSeries, studentActions }: CourseListPageProps) {
  const { user } = useSession();
  const isAdmin = Boolean(user?.is_admin);
  const courses = useCourses(isSeries);
  const { enroll, pendingId, dialog } = useEnrollAction();
  const [searchParams] = useSearchParams();
  const highlight = searchParams.get('highlight');
  // Each navigation here has its own key: choosing the same course again from the header's search
  // while on this page scrolls to it again.
  const { key: navigation } = useLocation();
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const loaded = courses.isSuccess;

  useEffect(() => {
    if (!highlight || !loaded) return;
    const timer = window.setTimeout(() => {
      document.getElementById(`course-${highlight}`)?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      setHighlighted(highlight);
    }, HIGHLIGHT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [highlight, loaded, navigation]);

  const title = isSeries ? 'Available Series' : 'Available Courses';
  const visible = courses.data ?? [];

  return (
    <Container size="xl" py="lg">
      <Stack gap="lg">
        <Group justify="space-between">
          <Title order={1}>{title}</Title>
          {!isAdmin && studentActions}
          {isAdmin && (
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} aria-hidden />}
              onClick={() => void courses.refetch()}
              loading={courses.isFetching}
            >
              Refresh
            </Button>
          )}
        </Group>
        {courses.isPending ? (
          <Center py="xl">
            <Loader aria-label={`Loading ${isSeries ? 'series' : 'courses'}`} />
          </Center>
        ) : courses.isError ? (
          <Alert color="red" role="alert" variant="filled">
            {COURSES_LOAD_ERROR}
          </Alert>
        ) : visible.length === 0 ? (
          <Text c="dimmed">
            {isSeries ? 'No series are available yet.' : 'No courses are available yet.'} Please check back
            later.
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {visible.map((course) => (
              <CourseCard
                key={course.id}
                course={course}
                isAdmin={isAdmin}
                highlighted={highlighted === course.id}
                enrolling={pendingId === course.id}
                onEnroll={enroll}
              />
            ))}
          </SimpleGrid>
        )}
      </Stack>
      {dialog}
    </Container>
  );
}

export function CoursesPage({ studentActions }: { studentActions?: ReactNode }) {
  return <CourseListPage isSeries={false} studentActions={studentActions} />;
}

export function SeriesPage({ studentActions }: { studentActions?: ReactNode }) {
  return <CourseListPage isSeries studentActions={studentActions} />;
}
