import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Loader, Modal, Radio, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { QuizResponse } from '../../../common/progress';
import { quizPassed, type StudentQuizQuestion } from '../../../common/quiz';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useLastQuizAttempt, useSubmitQuiz } from './api';

export const QUIZ_CONFIRM_TEXT =
  "Are you sure you want to submit your quiz? You won't be able to change your answers after submission.";
export const QUIZ_SAVE_FAILED = 'Quiz completed but failed to save results. Please try again.';
export const quizCompletedMessage = (score: number) => `Quiz completed with ${score}%!`;
export const QUIZ_PREVIEW_NOTICE = 'Preview: quiz results are not saved';
export const quizNotPassedMessage = (score: number, passMark: number) =>
  `You scored ${score}%. The pass mark is ${passMark}%: try again to complete this lesson.`;

export interface QuizViewProps {
  lessonId: string;
  courseId: string;
  userId: string;
  questions: StudentQuizQuestion[];
  /** The score an attempt needs to complete the lesson; null: any attempt does. */
  passMark: number | null;
  /** Whether the lesson is already complete, as an earlier attempt may have passed. */
  completed: boolean;
  isAdmin: boolean;
  /** Called once a submission that passed has been scored (and, for students, saved). */
  onCompleted: (lessonId: string) => void;
}

interface QuizResult {
  score: number;
  passed: boolean;
  responses: QuizResponse[];
}

export function QuizView({
  lessonId,
  courseId,
  userId,
  questions,
  passMark,
  completed,
  isAdmin,
  onCompleted,
}: QuizViewProps) {
  const [answers, setAnswers] = useState<Record<string, number>>({});
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<QuizResult | null>(null);
  const [retrying, setRetrying] = useState(false);
  const [reviewing, setReviewing] = useState(false);
  const previous = useLastQuizAttempt(userId, lessonId, !isAdmin);
  const submit = useSubmitQuiz(userId, courseId);

  if (questions.length === 0) return <Text c="dimmed">This quiz has no questions yet.</Text>;
  if (!isAdmin && previous.isPending) return <Loader aria-label="Loading your previous attempt" />;

  const shown: QuizResult | null =
    result ??
    (!retrying && previous.data
      ? {
          score: previous.data.score,
          passed: quizPassed(previous.data.score, passMark),
          responses: previous.data.responses,
        }
      : null);
  const answered = Object.keys(answers).length;

  const handleSubmit = () => {
    setConfirming(false);
    submit.mutate(
      {
        lessonId,
        // Unanswered questions go as null: the server counts them as wrong.
        responses: questions.map((q) => ({ question_id: q.id, user_answer: answers[q.id] ?? null })),
      },
      {
        onSuccess: (response) => {
          setResult({ score: response.score, passed: response.passed, responses: response.responses });
          setReviewing(false);
          const preview = response.saved ? '' : ` ${QUIZ_PREVIEW_NOTICE}.`;
          if (!response.passed && response.pass_mark !== null) {
            notifyError(`${quizNotPassedMessage(response.score, response.pass_mark)}${preview}`);
            return;
          }
          notifySuccess(`${quizCompletedMessage(response.score)}${preview}`);
          onCompleted(lessonId);
        },
        onError: () => notifyError(QUIZ_SAVE_FAILED),
      },
    );
  };

  const handleTryAgain = () => {
    setAnswers({});
    setResult(null);
    setRetrying(true);
    setReviewing(false);
  };

  if (shown) {
    const correct = shown.responses.filter((r) => r.is_correct).length;
    return (
      <Stack gap="md">
        <Card withBorder padding="lg">
          <Stack gap="xs" align="center">
            <Title order={3}>{shown.passed ? 'Quiz Completed' : 'Not Passed Yet'}</Title>
            <Text component="output" size="xl" fw={700} aria-label="Your score">
              {shown.score}%
            </Text>
            <Text c="dimmed">
              {correct} of {shown.responses.length || questions.length} correct
            </Text>
            {passMark !== null && (
              <Text>
                Pass mark: {passMark}%{shown.passed ? ' (passed)' : ''}
              </Text>
            )}
            {!shown.passed && (
              <Text size="sm" ta="center">
                {completed
                  ? 'An earlier attempt passed, so the lesson stays complete.'
                  : `Score at least ${passMark}% to complete this lesson.`}
              </Text>
            )}
            {isAdmin && <Badge color="gray.7">{QUIZ_PREVIEW_NOTICE}</Badge>}
            <Group>
              <Button variant="default" onClick={() => setReviewing((value) => !value)}>
                {reviewing ? 'Hide Answers' : 'Review Answers'}
              </Button>
              <Button onClick={handleTryAgain}>Try Again</Button>
            </Group>
          </Stack>
        </Card>
        {reviewing && <AnswerReview questions={questions} responses={shown.responses} />}
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      {questions.map((question, index) => (
        <Radio.Group
          key={question.id}
          label={`${index + 1}. ${question.text}`}
          value={answers[question.id] === undefined ? null : String(answers[question.id])}
          onChange={(value) => setAnswers((current) => ({ ...current, [question.id]: Number(value) }))}
        >
          <Stack gap="xs" mt="xs">
            {question.options.map((option, optionIndex) => (
              <Radio key={optionIndex} value={String(optionIndex)} label={option} />
            ))}
          </Stack>
        </Radio.Group>
      ))}
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {answered} of {questions.length} answered
        </Text>
        <Button onClick={() => setConfirming(true)} loading={submit.isPending}>
          Submit Quiz
        </Button>
      </Group>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Submit quiz?" centered>
        <Stack>
          <Text>{QUIZ_CONFIRM_TEXT}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button onClick={handleSubmit}>Submit</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function AnswerReview({
  questions,
  responses,
}: {
  questions: StudentQuizQuestion[];
  responses: QuizResponse[];
}) {
  return (
    <Stack component="section" gap="md" aria-label="Answer review">
      {responses.map((response, index) => {
        const options = questions.find((q) => q.id === response.question_id)?.options ?? [];
        const optionText = (i: number | null) =>
          i === null ? 'No answer' : (options[i] ?? `Option ${i + 1}`);
        return (
          <Alert
            key={response.question_id}
            color={response.is_correct ? 'jade' : 'red'}
            icon={response.is_correct ? <IconCheck aria-hidden /> : <IconX aria-hidden />}
            title={`${index + 1}. ${response.question_text}`}
          >
            <Stack gap={4}>
              <Text size="sm">
                Your answer: {optionText(response.user_answer)}{' '}
                {response.is_correct ? '(correct)' : '(incorrect)'}
              </Text>
              <Text size="sm">Correct answer: {optionText(response.correct_answer)}</Text>
              {response.explanation && <Text size="sm">{response.explanation}</Text>}
            </Stack>
          </Alert>
        );
      })}
    </Stack>
  );
}
