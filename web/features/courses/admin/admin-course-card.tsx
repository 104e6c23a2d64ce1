import { Badge, Button, Card, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconEdit, IconEye, IconEyeOff, IconLayoutList, IconTrash, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { CourseSummary } from '../../../../common/courses';
import { errorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { formatCourseDuration } from '../course-format';
import { useDeleteCourse, usePublishCourse } from './admin-api';
import { ConfirmDeleteDialog, FailureDialog } from '../../../components/dialogs';
import { ConfirmPublishDialog } from './dialogs';
import { CourseStudentsTable } from './student-progress';
import classes from './admin-course-card.module.css';

export interface AdminCourseCardProps {
  course: CourseSummary;
  /** Mean progress of the course's students, or null when nobody is enrolled. */
  onEdit: (course: CourseSummary) => void;
}

/** What deleting does to a course people paid for (the server archives it instead). */
export const PAID_COURSES_ARE_ARCHIVED =
  'If students paid for it, it is archived instead: it leaves the catalogue and stays open to them.';

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </div>
  );
}

export function AdminCourseCard({ course, onEdit }: AdminCourseCardProps) {
  const publish = usePublishCourse();
  const remove = useDeleteCourse();
  const [confirming, setConfirming] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [showStudents, setShowStudents] = useState(false);
  const [confirmingPublish, setConfirmingPublish] = useState(false);

  const handleTogglePublish = () => {
    const isPublished = !course.is_published;
    publish.mutate(
      { courseId: course.id, isPublished },
      {
        onSuccess: () =>
          notifySuccess(isPublished ? 'Course published successfully' : 'Course unpublished successfully'),
        onError: () => notifyError('Failed to update course status'),
        onSettled: () => setConfirmingPublish(false),
      },
    );
  };

  const handleDelete = () => {
    remove.mutate(course.id, {
      onSuccess: () => {
        setConfirming(false);
        notifySuccess('Course Deleted', { autoClose: 3000 });
      },
      onError: (error) => {
        setConfirming(false);
        setDeleteError(errorMessage(error, 'Failed to delete course. Please try again.'));
      },
    });
  };

  return (
    <Card withBorder padding="lg" component="article" aria-label={course.title}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            {course.thumbnail_url && (
              <Image src={course.thumbnail_url} alt="" w={72} h={48} radius="sm" fit="cover" />
            )}
            <div>
              <Title order={3} size="h4">
                {course.title}
              </Title>
              <Text size="sm" c="dimmed">
                {course.instructor_name || 'No instructor yet'}
                {course.is_series ? ' · Series' : ''}
              </Text>
            </div>
          </Group>
          <Group gap={6} className={classes.badges}>
            {course.is_archived && (
              <Badge
                color="gray"
                variant="outline"
                title="Deleted after students paid for it: open to them only"
              >
                Archived
              </Badge>
            )}
            <Badge color={course.is_published ? 'jade' : 'gray'} variant="filled">
              {course.is_published ? 'Published' : 'Unpublished'}
            </Badge>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <Stat label="Enrolled Students" value={String(course.enrolled_students)} />
          <Stat
            label="Average Rating"
            value={course.total_reviews > 0 ? course.average_rating.toFixed(1) : 'No ratings'}
          />
          <Stat
            label="Avg Progress"
            value={course.enrolled_students === 0 ? '—' : `${course.average_progress}%`}
          />
          <Stat label="Duration" value={formatCourseDuration(course)} />
        </SimpleGrid>
        <Group gap="xs">
          <Button
            size="xs"
            variant={course.is_published ? 'default' : 'filled'}
            leftSection={
              course.is_published ? <IconEyeOff size={14} aria-hidden /> : <IconEye size={14} aria-hidden />
            }
            onClick={() => setConfirmingPublish(true)}
            aria-label={`${course.is_published ? 'Unpublish' : 'Publish'} ${course.title}`}
          >
            {course.is_published ? 'Unpublish' : 'Publish'}
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconEdit size={14} aria-hidden />}
            onClick={() => onEdit(course)}
            aria-label={`Edit ${course.title}`}
          >
            Edit
          </Button>
          <Button
            size="xs"
            variant="default"
            component={Link}
            to={`/app/admin/courses/${course.id}/content`}
            leftSection={<IconLayoutList size={14} aria-hidden />}
            aria-label={`Manage Content of ${course.title}`}
          >
            Manage Content
          </Button>
          <Button
            size="xs"
            variant="light"
            component={Link}
            to={`/app/course/${course.id}`}
            aria-label={`${course.is_published ? 'Enter' : 'Under Construction'}: ${course.title}`}
          >
            {course.is_published ? 'Enter' : 'Under Construction'}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            leftSection={<IconUsers size={14} aria-hidden />}
            onClick={() => setShowStudents((shown) => !shown)}
            aria-expanded={showStudents}
            aria-label={`${showStudents ? 'Hide' : 'Show'} Students of ${course.title}`}
          >
            {showStudents ? 'Hide Students' : 'Show Students'}
          </Button>
          <Button
            size="xs"
            color="red"
            variant="subtle"
            leftSection={<IconTrash size={14} aria-hidden />}
            onClick={() => setConfirming(true)}
            aria-label={`Delete ${course.title}`}
          >
            Delete
          </Button>
        </Group>
        {showStudents && <CourseStudentsTable courseId={course.id} courseTitle={course.title} />}
      </Stack>
      <ConfirmDeleteDialog
        opened={confirming}
        title="Delete Course"
        loading={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={handleDelete}
      >
        {`Are you sure you want to delete "${course.title}" with all its modules and lessons?`}{' '}
        {PAID_COURSES_ARE_ARCHIVED}
      </ConfirmDeleteDialog>
      <ConfirmPublishDialog
        opened={confirmingPublish}
        course={course}
        loading={publish.isPending}
        onCancel={() => setConfirmingPublish(false)}
        onConfirm={handleTogglePublish}
      />
      <FailureDialog
        title={deleteError === null ? null : 'Delete Failed'}
        message={deleteError ?? ''}
        onClose={() => setDeleteError(null)}
      />
    </Card>
  );
}
