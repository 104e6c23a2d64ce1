import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { Alert, Anchor, Badge, Button, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { Lesson } from '../../../../common/courses';
import { errorMessage } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { useAdminCourse, useCreateModule, useReorderModules } from './admin-api';
import { FailureDialog } from '../../../components/dialogs';
import { LessonEditorDialog } from './lesson-editor';
import { ModuleCard } from './module-card';
import classes from './content-manager-page.module.css';

export const MODULE_ORDER_FAILED = 'Failed to save module order. Please try again.';

/** The 1-based place in the list of the module a drag is over (dnd-kit's sortable data). */
function positionOf(target: { data: { current?: Record<string, unknown> } } | null): number | null {
  const sortable = target?.data.current?.sortable as { index: number } | undefined;
  return sortable ? sortable.index + 1 : null;
}

/** Screen-reader announcements for keyboard dragging, in the module list's own words. */
const announcements: Announcements = {
  onDragStart: () => 'Picked up a module. Use the arrow keys to move it, Space to drop it, Escape to cancel.',
  onDragOver: ({ over }) => {
    const position = positionOf(over);
    return position ? `Module is at position ${position}.` : 'Module is outside the list.';
  },
  onDragMove: () => undefined,
  onDragEnd: ({ over }) => {
    const position = positionOf(over);
    return position ? `Module dropped at position ${position}.` : 'Module dropped.';
  },
  onDragCancel: () => 'Moving cancelled.',
};

/** Manage Content: a course's modules in order, reorderable by drag and drop or keyboard. */
export function ContentManagerPage() {
  const { courseId = '' } = useParams();
  const course = useAdminCourse(courseId);
  const createModule = useCreateModule(courseId);
  const reorder = useReorderModules(courseId);
  const [editingLesson, setEditingLesson] = useState<Lesson | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const handleAddModule = () => {
    // The server supplies the defaults: 'New Module', 'Add a description', placed last.
    createModule.mutate(
      {},
      { onError: (error) => setFailure(errorMessage(error, 'Failed to create module. Please try again.')) },
    );
  };

  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    if (!course.data || !over || active.id === over.id) return;
    const ids = course.data.modules.map((m) => m.id);
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from < 0 || to < 0) return;
    reorder.mutate(arrayMove(ids, from, to), { onError: () => notifyError(MODULE_ORDER_FAILED) });
  };

  return (
    <Container size="md" py="lg" px={0}>
      <Stack gap="md">
        <Anchor component={Link} to="/app/admin" size="sm">
          <Group gap={4}>
            <IconArrowLeft size={14} aria-hidden />
            Back to Courses
          </Group>
        </Anchor>
        {course.isPending ? (
          <Loader aria-label="Loading course" />
        ) : course.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(course.error, 'Failed to load course data. Please try again later.')}
          </Alert>
        ) : (
          <>
            <Group justify="space-between" align="flex-start">
              <div>
                <Title order={1}>{course.data.title}</Title>
                <Group gap="xs">
                  <Text c="dimmed">Manage Content</Text>
                  <Badge color={course.data.is_published ? 'jade' : 'gray'}>
                    {course.data.is_published ? 'Published' : 'Unpublished'}
                  </Badge>
                </Group>
              </div>
              <Button
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={handleAddModule}
                loading={createModule.isPending}
              >
                Add Module
              </Button>
            </Group>
            <Text size="sm" c="dimmed">
              Drag a module by its handle to reorder (or focus the handle, press Space, move with the arrow
              keys and press Space again). Double-click a module’s title or description (or use its edit
              button) to change it: Enter saves, Escape cancels.
            </Text>
            {course.data.modules.length === 0 ? (
              <Text c="dimmed">No modules yet. Add the first one.</Text>
            ) : (
              <DndContext
                sensors={sensors}
                collisionDetection={closestCenter}
                onDragEnd={handleDragEnd}
                accessibility={{ announcements }}
              >
                <SortableContext
                  items={course.data.modules.map((m) => m.id)}
                  strategy={verticalListSortingStrategy}
                >
                  <Stack component="ol" gap="sm" aria-label="Modules" className={classes.modules}>
                    {course.data.modules.map((module, index) => (
                      <ModuleCard
                        key={module.id}
                        courseId={courseId}
                        module={module}
                        position={index + 1}
                        onEditLesson={setEditingLesson}
                      />
                    ))}
                  </Stack>
                </SortableContext>
              </DndContext>
            )}
          </>
        )}
      </Stack>
      <LessonEditorDialog courseId={courseId} lesson={editingLesson} onClose={() => setEditingLesson(null)} />
      <FailureDialog
        title={failure === null ? null : 'Module Creation Failed'}
        message={failure ?? ''}
        onClose={() => setFailure(null)}
      />
    </Container>
  );
}
