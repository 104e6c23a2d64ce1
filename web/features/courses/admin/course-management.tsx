import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import type { CourseSummary } from '../../../../common/courses';
import { LOAD_FAILED_MESSAGE } from '../../../components/panel-body';
import { useAdminCourses } from './admin-api';
import { AdminCourseCard } from './admin-course-card';
import { CourseFormDialog } from './course-form';

type Editing = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; course: CourseSummary };

/** The admin's course list: Add Course, then one card per course, published or not. */
export function CourseManagement() {
  const courses = useAdminCourses();
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });

  return (
    <section aria-labelledby="course-management-title">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} id="course-management-title">
            Courses
          </Title>
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} aria-hidden />}
              onClick={() => void courses.refetch()}
              loading={courses.isFetching && !courses.isPending}
            >
              Refresh
            </Button>
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setEditing({ mode: 'create' })}
            >
              Add Course
            </Button>
          </Group>
        </Group>
        {courses.isPending ? (
          <Loader aria-label="Loading courses" />
        ) : courses.isError ? (
          <Alert color="red" role="alert">
            <Group justify="space-between">
              <Text size="sm">{LOAD_FAILED_MESSAGE}</Text>
              <Button size="xs" color="red" variant="white" onClick={() => void courses.refetch()}>
                Retry
              </Button>
            </Group>
          </Alert>
        ) : courses.data.courses.length === 0 ? (
          <Text c="dimmed">No courses yet. Add the first one.</Text>
        ) : (
          courses.data.courses.map((course) => (
            <AdminCourseCard
              key={course.id}
              course={course}
              onEdit={(selected) => setEditing({ mode: 'edit', course: selected })}
            />
          ))
        )}
      </Stack>
      <CourseFormDialog
        opened={editing.mode !== 'closed'}
        course={editing.mode === 'edit' ? editing.course : undefined}
        onClose={() => setEditing({ mode: 'closed' })}
      />
    </section>
  );
}
