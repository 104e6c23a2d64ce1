import { ActionIcon, Badge, Button, Card, Group, Menu, Stack, Text } from '@mantine/core';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  IconArrowDown,
  IconArrowUp,
  IconChevronDown,
  IconEdit,
  IconGripVertical,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { LESSON_TYPES, type Lesson, type LessonType, type Module } from '../../../../common/courses';
import { errorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { formatDuration } from '../course-format';
import { useCreateLesson, useDeleteLesson, useDeleteModule, useReorderLessons } from './admin-api';
import { ConfirmDeleteDialog, FailureDialog } from '../../../components/dialogs';
import { ModuleDescription, ModuleTitle } from './module-fields';
import classes from './module-card.module.css';

export const LESSON_ORDER_FAILED = 'Failed to save lesson order. Please try again.';
const TYPE_LABELS: Record<LessonType, string> = { video: 'Video', article: 'Article', quiz: 'Quiz' };

interface Failure {
  title: string;
  message: string;
}

export interface ModuleCardProps {
  courseId: string;
  module: Module;
  position: number;
  onEditLesson: (lesson: Lesson) => void;
}

export function ModuleCard({ courseId, module, position, onEditLesson }: ModuleCardProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: module.id });
  const removeModule = useDeleteModule(courseId);
  const createLesson = useCreateLesson(courseId);
  const removeLesson = useDeleteLesson(courseId);
  const reorderLessons = useReorderLessons(courseId);
  const [confirmModule, setConfirmModule] = useState(false);
  const [lessonToDelete, setLessonToDelete] = useState<Lesson | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);

  const handleAddLesson = (lessonType: LessonType) => {
    createLesson.mutate(
      { moduleId: module.id, lessonType },
      {
        onSuccess: ({ lesson }) => onEditLesson(lesson),
        onError: (error) =>
          setFailure({
            title: 'Lesson Creation Failed',
            message: errorMessage(error, 'Failed to create lesson. Please try again.'),
          }),
      },
    );
  };

  const handleMoveLesson = (index: number, step: -1 | 1) => {
    const ids = module.lessons.map((l) => l.id);
    const target = index + step;
    if (target < 0 || target >= ids.length) return;
    [ids[index], ids[target]] = [ids[target]!, ids[index]!];
    reorderLessons.mutate(
      { moduleId: module.id, lessonIds: ids },
      { onError: () => notifyError(LESSON_ORDER_FAILED) },
    );
  };

  const handleDeleteModule = () => {
    removeModule.mutate(module.id, {
      onSuccess: () => {
        setConfirmModule(false);
        notifySuccess('Module deleted');
      },
      onError: (error) => {
        setConfirmModule(false);
        setFailure({
          title: 'Delete Failed',
          message: errorMessage(error, 'Failed to delete module. Please try again.'),
        });
      },
    });
  };

  const handleDeleteLesson = () => {
    if (!lessonToDelete) return;
    removeLesson.mutate(lessonToDelete.id, {
      onSuccess: () => {
        setLessonToDelete(null);
        notifySuccess('Lesson deleted');
      },
      onError: (error) => {
        setLessonToDelete(null);
        setFailure({
          title: 'Delete Failed',
          message: errorMessage(error, 'Failed to delete lesson. Please try again.'),
        });
      },
    });
  };

  return (
    <Card
      ref={setNodeRef}
      withBorder
      padding="md"
      component="li"
      aria-label={`Module ${position}: ${module.title}`}
      data-testid="module-card"
      data-dragging={isDragging || undefined}
      className={classes.card}
      // Where dnd-kit has the card while it is dragged: values that change with every move.
      style={{
        '--drag-transform': CSS.Transform.toString(transform),
        '--drag-transition': transition,
      }}
    >
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap" align="center">
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="subtle"
            color="gray"
            aria-label={`Drag to reorder module ${module.title}`}
            className={classes.handle}
            {...attributes}
            {...listeners}
          >
            <IconGripVertical size={18} />
          </ActionIcon>
          <Badge variant="light" color="gray">
            {position}
          </Badge>
          <ModuleTitle courseId={courseId} module={module} />
          <ActionIcon
            color="red"
            variant="subtle"
            aria-label={`Delete module ${module.title}`}
            onClick={() => setConfirmModule(true)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
        <ModuleDescription courseId={courseId} module={module} />
        {module.lessons.length === 0 ? (
          <Text size="sm" c="dimmed">
            No lessons yet.
          </Text>
        ) : (
          <Stack gap={4} component="ol" className={classes.lessons} aria-label={`Lessons of ${module.title}`}>
            {module.lessons.map((lesson, index) => (
              <Group
                key={lesson.id}
                component="li"
                justify="space-between"
                gap="xs"
                className={classes.lesson}
              >
                <Group gap="xs" className={classes.lessonTitle}>
                  <Badge size="sm" variant="outline" className={classes.lessonType}>
                    {TYPE_LABELS[lesson.lesson_type]}
                  </Badge>
                  <Text size="sm" className={classes.lessonName}>
                    {lesson.title}
                  </Text>
                  {lesson.duration_minutes > 0 && (
                    <Text size="xs" c="dimmed" className={classes.duration}>
                      {formatDuration(lesson.duration_minutes)}
                    </Text>
                  )}
                </Group>
                <Group gap={4} wrap="nowrap" ml="auto">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Move lesson ${lesson.title} up`}
                    disabled={index === 0 || reorderLessons.isPending}
                    onClick={() => handleMoveLesson(index, -1)}
                  >
                    <IconArrowUp size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Move lesson ${lesson.title} down`}
                    disabled={index === module.lessons.length - 1 || reorderLessons.isPending}
                    onClick={() => handleMoveLesson(index, 1)}
                  >
                    <IconArrowDown size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Edit lesson ${lesson.title}`}
                    onClick={() => onEditLesson(lesson)}
                  >
                    <IconEdit size={16} />
                  </ActionIcon>
                  <ActionIcon
                    color="red"
                    variant="subtle"
                    aria-label={`Delete lesson ${lesson.title}`}
                    onClick={() => setLessonToDelete(lesson)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Group>
            ))}
          </Stack>
        )}
        <Menu position="bottom-start">
          <Menu.Target>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} aria-hidden />}
              rightSection={<IconChevronDown size={14} aria-hidden />}
              loading={createLesson.isPending}
              className={classes.addLesson}
              aria-label={`Add Lesson to ${module.title}`}
            >
              Add Lesson
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {LESSON_TYPES.map((type) => (
              <Menu.Item key={type} onClick={() => handleAddLesson(type)}>
                {TYPE_LABELS[type]} lesson
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Stack>
      <ConfirmDeleteDialog
        opened={confirmModule}
        title="Delete Module"
        loading={removeModule.isPending}
        onCancel={() => setConfirmModule(false)}
        onConfirm={handleDeleteModule}
      >
        {`Delete the module "${module.title}"? All its lessons (${module.lessons.length}) will be deleted too.`}
      </ConfirmDeleteDialog>
      <ConfirmDeleteDialog
        opened={lessonToDelete !== null}
        title="Delete Lesson"
        loading={removeLesson.isPending}
        onCancel={() => setLessonToDelete(null)}
        onConfirm={handleDeleteLesson}
      >
        {`Delete the lesson "${lessonToDelete?.title ?? ''}"?`}
      </ConfirmDeleteDialog>
      <FailureDialog
        title={failure?.title ?? null}
        message={failure?.message ?? ''}
        onClose={() => setFailure(null)}
      />
    </Card>
  );
}
