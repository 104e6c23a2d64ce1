import { useRef, useState, type ReactNode, type SyntheticEvent } from 'react';
import { AspectRatio, Badge, Box, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCheck, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { Lesson } from '../../../common/courses';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useCompleteLesson, useRefreshCourse } from './api';
import { formatDuration, videoSource } from './course-format';
import classes from './lesson-viewer.module.css';
import { readQuizQuestions, toParagraphs } from './quiz-content';
import { QuizView } from './quiz-view';

export const LESSON_COMPLETED = 'Lesson completed successfully!';
export const LESSON_COMPLETE_FAILED = 'Failed to mark lesson as complete. Please try again.';
export const PROGRESS_PREVIEW_NOTICE = 'Preview: progress is not saved';

export interface LessonViewerProps extends LessonSlots {
  courseId: string;
  userId: string;
  isAdmin: boolean;
  /** Every lesson of the course in order, so Previous and Next cross modules. */
  lessons: Lesson[];
  lessonId: string;
  completed: ReadonlySet<string>;
  onNavigate: (lessonId: string) => void;
  onClose: () => void;
  /** Marks a lesson done (true) or undoes an optimistic mark (false). */
  onCompletedChange: (lessonId: string, done: boolean) => void;
}

/** What the viewer shows of other features, composed in web/app (features do not import each other). */
export interface LessonSlots {
  /** A paragraph of a lesson's text (AI Sifu marks the glossary terms in it). */
  renderText?: (text: string) => ReactNode;
  /** What else a student may do with the lesson (ask AI Sifu about it). */
  renderActions?: (lesson: Lesson) => ReactNode;
}

export function LessonViewer({
  courseId,
  userId,
  isAdmin,
  lessons,
  lessonId,
  completed,
  onNavigate,
  onClose,
  onCompletedChange,
  renderText,
  renderActions,
}: LessonViewerProps) {
  const complete = useCompleteLesson(userId, courseId);
  const index = lessons.findIndex((lesson) => lesson.id === lessonId);
  const lesson = lessons[index];
  const previous = index > 0 ? lessons[index - 1] : undefined;
  const next = index >= 0 && index < lessons.length - 1 ? lessons[index + 1] : undefined;
  const done = lesson ? completed.has(lesson.id) : false;

  const handleComplete = () => {
    if (!lesson) return;
    const id = lesson.id;
    onCompletedChange(id, true);
    complete.mutate(id, {
      onSuccess: (result) => {
        if (result.saved) notifySuccess(LESSON_COMPLETED);
        else notifySuccess(PROGRESS_PREVIEW_NOTICE);
      },
      onError: () => {
        onCompletedChange(id, false);
        notifyError(LESSON_COMPLETE_FAILED);
      },
    });
  };

  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={lesson ? lesson.title : 'Lesson'}
      // Full screen on a phone (lesson-viewer.module.css).
      classNames={{ inner: classes.inner, content: classes.content, title: classes.title }}
    >
      {!lesson ? (
        <Text>This lesson is not part of the course.</Text>
      ) : (
        <Stack gap="md">
          <Group gap="xs">
            <Badge variant="light">{lesson.lesson_type}</Badge>
            {lesson.duration_minutes > 0 && <Text size="sm">{formatDuration(lesson.duration_minutes)}</Text>}
            {done && (
              <Badge color="jade" leftSection={<IconCheck size={12} aria-hidden />}>
                Completed
              </Badge>
            )}
            {isAdmin && <Badge color="gray.7">{PROGRESS_PREVIEW_NOTICE}</Badge>}
            {renderActions && <Box ml="auto">{renderActions(lesson)}</Box>}
          </Group>
          <LessonBody
            key={lesson.id}
            lesson={lesson}
            courseId={courseId}
            userId={userId}
            isAdmin={isAdmin}
            completed={done}
            onQuizCompleted={(id) => onCompletedChange(id, true)}
            renderText={renderText}
          />
          <Group justify="space-between" wrap="nowrap" gap="xs" mt="md">
            <StepButton
              direction="previous"
              disabled={!previous}
              onClick={() => previous && onNavigate(previous.id)}
            />
            {lesson.lesson_type === 'quiz' ? (
              // On a phone, between the Previous and Next icons, the wording may take two lines.
              <Button disabled classNames={{ root: classes.wrapping, label: classes.wrappingLabel }}>
                {done ? 'Completed' : 'Complete Quiz to Mark as Done'}
              </Button>
            ) : (
              <Button
                color="jade"
                disabled={done}
                loading={complete.isPending}
                leftSection={done ? <IconCheck size={16} aria-hidden /> : undefined}
                onClick={handleComplete}
              >
                {done ? 'Completed' : 'Mark as Complete'}
              </Button>
            )}
            <StepButton direction="next" disabled={!next} onClick={() => next && onNavigate(next.id)} />
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/**
 * Previous or Next. On a phone only its chevron shows (lesson-viewer.module.css), so both fit in
 * one row with the complete button between them; the accessible name stays.
 */
function StepButton({
  direction,
  disabled,
  onClick,
}: {
  direction: 'previous' | 'next';
  disabled: boolean;
  onClick: () => void;
}) {
  const Icon = direction === 'previous' ? IconChevronLeft : IconChevronRight;
  const label = direction === 'previous' ? 'Previous' : 'Next';
  const icon = <Icon size={16} aria-hidden />;
  return (
    <Button
      variant="default"
      aria-label={label}
      leftSection={direction === 'previous' ? icon : undefined}
      rightSection={direction === 'next' ? icon : undefined}
      disabled={disabled}
      onClick={onClick}
      classNames={{ root: classes.step, section: classes.stepIcon, label: classes.stepLabel }}
    >
      {label}
    </Button>
  );
}

function LessonBody({
  lesson,
  courseId,
  userId,
  isAdmin,
  completed,
  onQuizCompleted,
  renderText,
}: {
  lesson: Lesson;
  courseId: string;
  userId: string;
  isAdmin: boolean;
  completed: boolean;
  onQuizCompleted: (lessonId: string) => void;
  renderText?: (text: string) => ReactNode;
}) {
  if (lesson.lesson_type === 'quiz') {
    return (
      <QuizView
        lessonId={lesson.id}
        courseId={courseId}
        userId={userId}
        isAdmin={isAdmin}
        questions={readQuizQuestions(lesson.content_text)}
        passMark={lesson.pass_mark}
        completed={completed}
        onCompleted={onQuizCompleted}
      />
    );
  }
  const paragraphs = toParagraphs(lesson.content_text).map((paragraph, i) => (
    <Text key={i} className={classes.paragraph}>
      {renderText ? renderText(paragraph) : paragraph}
    </Text>
  ));
  if (lesson.lesson_type === 'article') {
    return <Stack gap="sm">{paragraphs.length ? paragraphs : <Text c="dimmed">No content yet.</Text>}</Stack>;
  }
  const source = videoSource(lesson.content_url);
  return (
    <Stack gap="sm">
      {source.kind === 'file' && (
        <AspectRatio ratio={16 / 9}>
          <LessonVideo src={source.src} title={lesson.title} courseId={courseId} />
        </AspectRatio>
      )}
      {source.kind === 'embed' && (
        <AspectRatio ratio={16 / 9}>
          <iframe
            src={source.src}
            title={lesson.title}
            allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
            className={classes.player}
          />
        </AspectRatio>
      )}
      {source.kind === 'none' && <Text c="dimmed">This video is not available yet.</Text>}
      {paragraphs}
    </Stack>
  );
}

/** A link without its query: two links to one file differ only in their signature and expiry. */
const fileOf = (link: string) => link.split('?')[0];

/**
 * An uploaded lesson video. Its link expires some hours after the course page was read: when the
 * player fails, the course is read again for a new link, and the video goes on where it was, playing
 * if it was. A new link to the same file that arrives otherwise (the page read again) waits until
 * the one playing fails, so it never interrupts the student.
 */
function LessonVideo({ src, title, courseId }: { src: string; title: string; courseId: string }) {
  const refreshCourse = useRefreshCourse(courseId);
  const [current, setCurrent] = useState(src);
  const [failed, setFailed] = useState<string | null>(null);
  const resumeAt = useRef<{ time: number; playing: boolean } | null>(null);
  if (src !== current && (failed === current || fileOf(src) !== fileOf(current))) setCurrent(src);

  const handleError = (event: SyntheticEvent<HTMLVideoElement>) => {
    // One new read per link: a link that fails again, fresh as it is, is left to the player's error.
    if (failed === current) return;
    const video = event.currentTarget;
    resumeAt.current = { time: video.currentTime, playing: !video.paused };
    setFailed(current);
    void refreshCourse();
  };

  const handleLoadedMetadata = (event: SyntheticEvent<HTMLVideoElement>) => {
    const resume = resumeAt.current;
    if (!resume) return;
    resumeAt.current = null;
    const video = event.currentTarget;
    video.currentTime = resume.time;
    if (resume.playing) video.play().catch(() => {});
  };

  return (
    // No empty captions track: it would claim captions that lessons do not have yet.
    <video
      controls
      preload="metadata"
      src={current}
      aria-label={title}
      onError={handleError}
      onLoadedMetadata={handleLoadedMetadata}
    />
  );
}
