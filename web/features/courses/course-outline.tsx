import { Accordion, Badge, Group, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import {
  IconArticle,
  IconCircleCheckFilled,
  IconListCheck,
  IconPlayerPlay,
  type TablerIcon,
} from '@tabler/icons-react';
import type { LessonType, Module } from '../../../common/courses';
import { formatDuration, studentModuleDescription } from './course-format';
import classes from './course-outline.module.css';

const LESSON_ICONS: Record<LessonType, TablerIcon> = {
  video: IconPlayerPlay,
  article: IconArticle,
  quiz: IconListCheck,
};

export interface CourseOutlineProps {
  modules: Module[];
  completed: ReadonlySet<string>;
  /** Null when the caller cannot open lessons (not enrolled). */
  onOpenLesson: ((lessonId: string) => void) | null;
}

/** The modules with their lessons: type icon, duration and a check for completed lessons. */
export function CourseOutline({ modules, completed, onOpenLesson }: CourseOutlineProps) {
  if (modules.length === 0) return <Text c="dimmed">Lessons are being prepared for this course.</Text>;
  return (
    <Accordion multiple defaultValue={modules.map((m) => m.id)} variant="separated">
      {modules.map((module, moduleIndex) => (
        <Accordion.Item key={module.id} value={module.id}>
          <Accordion.Control>
            <Text fw={600}>
              Module {moduleIndex + 1}: {module.title}
            </Text>
            <Text size="sm" c="dimmed">
              {module.lessons.length} {module.lessons.length === 1 ? 'lesson' : 'lessons'}
            </Text>
          </Accordion.Control>
          <Accordion.Panel>
            <Stack gap={4}>
              {studentModuleDescription(module.description) && (
                <Text size="sm" c="dimmed" mb="xs">
                  {module.description}
                </Text>
              )}
              {module.lessons.map((lesson) => {
                const TypeIcon = LESSON_ICONS[lesson.lesson_type];
                const done = completed.has(lesson.id);
                const row = (
                  <Group justify="space-between" wrap="nowrap" py={6} px="xs">
                    <Group gap="sm" wrap="nowrap" className={classes.lesson}>
                      <ThemeIcon variant="light" size="md" aria-hidden>
                        <TypeIcon size={16} />
                      </ThemeIcon>
                      {/* On a phone the badge moves under a long title rather than being cut short. */}
                      <Group gap="sm" className={classes.titleLine}>
                        <Text size="sm" className={classes.title}>
                          {lesson.title}
                        </Text>
                        <Badge size="xs" variant="outline" color="gray" className={classes.type}>
                          {lesson.lesson_type}
                        </Badge>
                      </Group>
                    </Group>
                    <Group gap="xs" wrap="nowrap" className={classes.meta}>
                      {lesson.duration_minutes > 0 && (
                        <Text size="sm" c="dimmed">
                          {formatDuration(lesson.duration_minutes)}
                        </Text>
                      )}
                      {done && (
                        <IconCircleCheckFilled
                          size={18}
                          className={classes.done}
                          aria-label="Completed"
                          role="img"
                        />
                      )}
                    </Group>
                  </Group>
                );
                return onOpenLesson ? (
                  <UnstyledButton
                    key={lesson.id}
                    onClick={() => onOpenLesson(lesson.id)}
                    aria-label={`Open lesson: ${lesson.title}${done ? ' (completed)' : ''}`}
                    className={classes.open}
                  >
                    {row}
                  </UnstyledButton>
                ) : (
                  <div key={lesson.id}>{row}</div>
                );
              })}
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
