import { Alert, Button, Group, Modal, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { z } from 'zod';
import { LessonInput, type Lesson } from '../../../../common/courses';
import { parseQuizContent, QuizInput, quizProblem } from '../../../../common/quiz';
import { errorMessage } from '../../../lib/api-client';
import { useSchemaForm } from '../../../lib/form';
import { notifySuccess } from '../../../lib/notify';
import { useUpdateLesson } from './admin-api';
import { MediaUpload } from './media-upload';
import { passMarkInput, passMarkText, QuizEditor, toDraftQuestions, type DraftQuestion } from './quiz-editor';
import { QuizResultsButton } from './quiz-results';

export const LESSON_SAVE_FAILED = 'Failed to save lesson. Please try again.';
export const DURATION_HINT = 'Minutes, or minutes:seconds such as 10:30';

export interface LessonEditorProps {
  courseId: string;
  lesson: Lesson | null;
  onClose: () => void;
}

export function LessonEditorDialog({ courseId, lesson, onClose }: LessonEditorProps) {
  const typeLabel = lesson ? lesson.lesson_type.charAt(0).toUpperCase() + lesson.lesson_type.slice(1) : '';
  return (
    <Modal opened={lesson !== null} onClose={onClose} title={`Edit ${typeLabel} Lesson`} size="xl" centered>
      {lesson && <LessonForm key={lesson.id} courseId={courseId} lesson={lesson} onDone={onClose} />}
    </Modal>
  );
}

/** The quiz's stored questions, or none when the stored text cannot be read. */
function initialQuestions(lesson: Lesson): DraftQuestion[] {
  if (lesson.lesson_type !== 'quiz') return [];
  const parsed = parseQuizContent(lesson.content_text);
  return parsed.ok ? toDraftQuestions(parsed.questions) : [];
}

interface LessonValues {
  title: string;
  is_required: boolean;
  content_url: string;
  content_text: string;
  /** As typed: minutes, or minutes:seconds (the API reads the leading number). */
  duration_minutes: string;
  questions: DraftQuestion[];
  /** As typed (see passMarkInput). */
  pass_mark: string;
}

/**
 * What the form checks: the API's lesson body, plus, for a quiz, its questions by the API's quiz
 * rule (the body carries them as content_text).
 */
const LessonFormInput = z.intersection(LessonInput, z.object({ questions: QuizInput.optional() }));

function lessonBody(lesson: Lesson, values: LessonValues) {
  const quiz = lesson.lesson_type === 'quiz';
  return {
    title: values.title,
    is_required: values.is_required,
    content_url: lesson.lesson_type === 'video' ? values.content_url : undefined,
    // A quiz is stored as the rule reads it (no blank explanations).
    content_text: quiz
      ? JSON.stringify(QuizInput.safeParse(values.questions).data ?? [])
      : values.content_text,
    pass_mark: quiz ? passMarkInput(values.pass_mark) : undefined,
    duration_minutes: values.duration_minutes,
  };
}

/** The first thing wrong with the quiz's questions, naming the question ('Question 2: …'). */
function questionsProblem(questions: DraftQuestion[]): string | null {
  const checked = QuizInput.safeParse(questions);
  return checked.success ? null : quizProblem(checked.error).message;
}

function LessonForm({ courseId, lesson, onDone }: { courseId: string; lesson: Lesson; onDone: () => void }) {
  const save = useUpdateLesson(courseId);
  const quiz = lesson.lesson_type === 'quiz';
  const { form, onSubmit } = useSchemaForm<LessonValues>({
    schema: LessonFormInput,
    initialValues: {
      title: lesson.title,
      is_required: lesson.is_required,
      content_url: lesson.content_url ?? '',
      content_text: quiz ? '' : lesson.content_text,
      duration_minutes: String(lesson.duration_minutes),
      questions: initialQuestions(lesson),
      pass_mark: passMarkText(lesson.pass_mark),
    },
    toInput: (values) => ({ ...lessonBody(lesson, values), questions: quiz ? values.questions : undefined }),
  });
  const questionsRefused = Object.keys(form.errors).some(
    (key) => key === 'questions' || key.startsWith('questions.'),
  );
  const problem = questionsRefused ? questionsProblem(form.values.questions) : null;

  const handleSubmit = onSubmit((values) => {
    save.mutate(
      { lessonId: lesson.id, input: LessonInput.parse(lessonBody(lesson, values)) },
      {
        onSuccess: () => {
          notifySuccess('Lesson saved');
          onDone();
        },
      },
    );
  });

  const serverReason = save.isError ? errorMessage(save.error, '') : '';

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Edit lesson">
      <Stack gap="md">
        {save.isError && (
          <Alert color="red" role="alert">
            {LESSON_SAVE_FAILED}
            {serverReason && <Text size="sm">{serverReason}</Text>}
          </Alert>
        )}
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <TextInput label="Lesson title" required data-autofocus {...form.getInputProps('title')} />
        <Group gap="xl" align="flex-end">
          <TextInput
            label="Duration"
            description={DURATION_HINT}
            {...form.getInputProps('duration_minutes')}
            w={{ base: '100%', xs: 260 }}
          />
          <Switch label="Required lesson" {...form.getInputProps('is_required', { type: 'checkbox' })} />
        </Group>
        {lesson.lesson_type === 'video' && (
          <>
            <TextInput
              label="Video URL"
              description="A YouTube or Vimeo link, or upload a video (up to 100MB)."
              {...form.getInputProps('content_url')}
            />
            <MediaUpload
              folder="lesson-videos"
              label="Upload video"
              onUploaded={(url) => form.setFieldValue('content_url', url)}
            />
            <Textarea label="Description" autosize minRows={3} {...form.getInputProps('content_text')} />
          </>
        )}
        {lesson.lesson_type === 'article' && (
          <Textarea label="Article text" autosize minRows={8} {...form.getInputProps('content_text')} />
        )}
        {quiz && (
          <>
            <QuizResultsButton lessonId={lesson.id} title={lesson.title} />
            <QuizEditor
              value={form.values.questions}
              onChange={(questions) => {
                form.setFieldValue('questions', questions);
                form.clearErrors();
              }}
              passMark={form.values.pass_mark}
              onPassMarkChange={(text) => form.setFieldValue('pass_mark', text)}
              passMarkError={typeof form.errors.pass_mark === 'string' ? form.errors.pass_mark : null}
            />
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save Lesson
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
