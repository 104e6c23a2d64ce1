import { Alert, Button, Group, Modal, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { LessonInput, type Lesson } from '../../../../common/courses';
import { parseQuizContent, QuizInput, quizProblem } from '../../../../common/quiz';
import { errorMessage } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { useUpdateLesson } from './admin-api';
import { MediaUpload } from './media-upload';
import { passMarkText, QuizEditor, readPassMark, toDraftQuestions, type DraftQuestion } from './quiz-editor';
import { QuizResultsButton } from './quiz-results';

export const LESSON_SAVE_FAILED = 'Failed to save lesson. Please try again.';
const DURATION_PATTERN = /^\s*\d+(?::\d{1,2})?\s*$/;
export const DURATION_HINT = 'Minutes, or minutes:seconds such as 10:30';
export const DURATION_INVALID = 'Duration must be whole minutes such as 25, or minutes:seconds such as 10:30';

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

function LessonForm({ courseId, lesson, onDone }: { courseId: string; lesson: Lesson; onDone: () => void }) {
  const save = useUpdateLesson(courseId);
  const [title, setTitle] = useState(lesson.title);
  const [required, setRequired] = useState(lesson.is_required);
  const [url, setUrl] = useState(lesson.content_url ?? '');
  const [text, setText] = useState(lesson.lesson_type === 'quiz' ? '' : lesson.content_text);
  const [duration, setDuration] = useState(String(lesson.duration_minutes));
  const [questions, setQuestions] = useState<DraftQuestion[]>(() => initialQuestions(lesson));
  const [passMark, setPassMark] = useState(passMarkText(lesson.pass_mark));
  const [passMarkError, setPassMarkError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [durationError, setDurationError] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!DURATION_PATTERN.test(duration)) {
      setDurationError(DURATION_INVALID);
      return;
    }
    setDurationError(null);
    let contentText = text;
    let passMarkValue: number | null | undefined;
    if (lesson.lesson_type === 'quiz') {
      const mark = readPassMark(passMark);
      setPassMarkError(mark.ok ? null : mark.message);
      if (!mark.ok) {
        setProblem(null);
        return;
      }
      passMarkValue = mark.value;
      const checked = QuizInput.safeParse(questions);
      if (!checked.success) {
        setProblem(quizProblem(checked.error).message);
        return;
      }
      contentText = JSON.stringify(checked.data);
    }
    const input = LessonInput.safeParse({
      title,
      is_required: required,
      content_url: lesson.lesson_type === 'video' ? url : undefined,
      content_text: contentText,
      pass_mark: passMarkValue,
      // The leading number of text like 10:30 is the minutes.
      duration_minutes: duration,
    });
    if (!input.success) {
      const issue = input.error.issues[0]!;
      if (issue.path[0] === 'duration_minutes') setDurationError(issue.message);
      else setProblem(issue.message);
      return;
    }
    save.mutate(
      { lessonId: lesson.id, input: input.data },
      {
        onSuccess: () => {
          notifySuccess('Lesson saved');
          onDone();
        },
      },
    );
  };

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
        <TextInput
          label="Lesson title"
          required
          data-autofocus
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
        />
        <Group gap="xl" align="flex-end">
          <TextInput
            label="Duration"
            description={DURATION_HINT}
            error={durationError}
            value={duration}
            onChange={(event) => {
              setDuration(event.currentTarget.value);
              setDurationError(null);
            }}
            w={{ base: '100%', xs: 260 }}
          />
          <Switch
            label="Required lesson"
            checked={required}
            onChange={(event) => setRequired(event.currentTarget.checked)}
          />
        </Group>
        {lesson.lesson_type === 'video' && (
          <>
            <TextInput
              label="Video URL"
              description="A YouTube or Vimeo link, or upload a video (up to 100MB)."
              value={url}
              onChange={(event) => setUrl(event.currentTarget.value)}
            />
            <MediaUpload folder="lesson-videos" label="Upload video" onUploaded={setUrl} />
            <Textarea
              label="Description"
              autosize
              minRows={3}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
            />
          </>
        )}
        {lesson.lesson_type === 'article' && (
          <Textarea
            label="Article text"
            autosize
            minRows={8}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
          />
        )}
        {lesson.lesson_type === 'quiz' && (
          <>
            <QuizResultsButton lessonId={lesson.id} title={lesson.title} />
            <QuizEditor
              value={questions}
              onChange={setQuestions}
              passMark={passMark}
              onPassMarkChange={setPassMark}
              passMarkError={passMarkError}
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
