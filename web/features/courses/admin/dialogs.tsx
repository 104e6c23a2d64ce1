import { Text } from '@mantine/core';
import { ConfirmDialog } from '../../../components/dialogs';
import type { CourseSummary } from '../../../../common/courses';

export interface ConfirmPublishDialogProps {
  opened: boolean;
  course: Pick<CourseSummary, 'title' | 'is_published' | 'lesson_count' | 'enrolled_students'>;
  loading?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Publishing puts a course in front of every student, so the step says what it does first. */
export function ConfirmPublishDialog({
  opened,
  course,
  loading,
  onCancel,
  onConfirm,
}: ConfirmPublishDialogProps) {
  const action = course.is_published ? 'Unpublish' : 'Publish';
  const students =
    course.enrolled_students === 1 ? '1 enrolled student' : `${course.enrolled_students} enrolled students`;
  return (
    <ConfirmDialog
      opened={opened}
      title={`${action} Course`}
      confirmLabel={action}
      loading={loading}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      {course.is_published ? (
        <>
          <Text>{`Unpublish "${course.title}"? Students will see it as Under Construction and cannot open it until you publish it again.`}</Text>
          {course.enrolled_students > 0 && <Text fw={600}>{`Its ${students} lose access until then.`}</Text>}
        </>
      ) : (
        <>
          <Text>{`Publish "${course.title}"? It appears in the students' course catalogue at once, and they can enrol in it.`}</Text>
          {course.lesson_count === 0 && <Text fw={600}>It has no lessons yet.</Text>}
        </>
      )}
    </ConfirmDialog>
  );
}
