import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { CourseSummary } from '../../../../common/courses';

/** Every delete states that it cannot be undone (spec 3 §5). */
export const CANNOT_BE_UNDONE = 'This action cannot be undone.';

export interface ConfirmDeleteDialogProps {
  opened: boolean;
  title: string;
  /** What is about to go, before the "cannot be undone" sentence. */
  children: ReactNode;
  loading?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

export function ConfirmDeleteDialog({
  opened,
  title,
  children,
  loading,
  onCancel,
  onConfirm,
}: ConfirmDeleteDialogProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Stack gap="md">
        <Text>{children}</Text>
        <Text fw={600}>{CANNOT_BE_UNDONE}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} data-autofocus>
            Cancel
          </Button>
          <Button color="red" loading={loading} onClick={onConfirm}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

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
    <Modal opened={opened} onClose={onCancel} title={`${action} Course`} centered>
      <Stack gap="md">
        {course.is_published ? (
          <>
            <Text>{`Unpublish "${course.title}"? Students will see it as Under Construction and cannot open it until you publish it again.`}</Text>
            {course.enrolled_students > 0 && (
              <Text fw={600}>{`Its ${students} lose access until then.`}</Text>
            )}
          </>
        ) : (
          <>
            <Text>{`Publish "${course.title}"? It appears in the students' course catalogue at once, and they can enrol in it.`}</Text>
            {course.lesson_count === 0 && <Text fw={600}>It has no lessons yet.</Text>}
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} data-autofocus>
            Cancel
          </Button>
          <Button loading={loading} onClick={onConfirm}>
            {action}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export interface FailureDialogProps {
  /** The dialog's title ('Delete Failed', 'Module Creation Failed', …); null keeps it closed. */
  title: string | null;
  message: string;
  onClose: () => void;
}

/** The spec's failure dialogs: a title, the reason and an OK button. */
export function FailureDialog({ title, message, onClose }: FailureDialogProps) {
  return (
    <Modal opened={title !== null} onClose={onClose} title={title ?? ''} centered>
      <Stack gap="md">
        <Text role="alert">{message}</Text>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            OK
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
