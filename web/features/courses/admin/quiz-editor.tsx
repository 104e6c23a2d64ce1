import { ActionIcon, Button, Card, Group, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { QUIZ_EMPTY_MESSAGE, type QuizQuestions } from '../../../../common/quiz';
import classes from './quiz-editor.module.css';

export interface DraftQuestion {
  id: string;
  text: string;
  options: string[];
  correctAnswer: number;
  explanation: string;
}

export const MIN_OPTIONS = 2;

/** Ids only need to be unique within one quiz; crypto.randomUUID needs a secure context. */
const questionId = () => `q-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

export function newQuestion(): DraftQuestion {
  return { id: questionId(), text: '', options: ['', ''], correctAnswer: 0, explanation: '' };
}

export function toDraftQuestions(questions: QuizQuestions): DraftQuestion[] {
  return questions.map((q) => ({ ...q, explanation: q.explanation ?? '' }));
}

/** Removing an option keeps the correct answer pointing at the same option (or the first one). */
export function removeOption(question: DraftQuestion, index: number): DraftQuestion {
  if (question.options.length <= MIN_OPTIONS) return question;
  const options = question.options.filter((_, i) => i !== index);
  let correctAnswer = question.correctAnswer;
  if (index === correctAnswer) correctAnswer = 0;
  else if (index < correctAnswer) correctAnswer -= 1;
  return { ...question, options, correctAnswer };
}

export const PASS_MARK_HINT =
  'Blank: any attempt completes the quiz. Otherwise a whole number from 1 to 100.';

/** The pass mark field as typed, in the form the API takes; blank is no pass mark. */
export const passMarkText = (passMark: number | null) => (passMark === null ? '' : String(passMark));

/**
 * The pass mark field as the API's rule (`QuizPassMark`) reads it: blank is none, a number stays a
 * number (the rule wants a whole one from 1 to 100), and other text stays text, which the rule
 * refuses with the same message.
 */
export function passMarkInput(text: string): number | string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^[+-]?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
}

export interface QuizEditorProps {
  value: DraftQuestion[];
  onChange: (value: DraftQuestion[]) => void;
  /** The pass mark field as typed (see passMarkInput). */
  passMark: string;
  onPassMarkChange: (value: string) => void;
  passMarkError?: string | null;
}

/**
 * The editor of a quiz lesson: its pass mark, and its questions with their text, options (at least
 * 2), the correct one and an explanation.
 */
export function QuizEditor({ value, onChange, passMark, onPassMarkChange, passMarkError }: QuizEditorProps) {
  const update = (index: number, question: DraftQuestion) =>
    onChange(value.map((q, i) => (i === index ? question : q)));

  return (
    <Stack gap="md">
      <TextInput
        label="Pass mark (%)"
        description={PASS_MARK_HINT}
        inputMode="numeric"
        value={passMark}
        error={passMarkError ?? undefined}
        onChange={(event) => onPassMarkChange(event.currentTarget.value)}
        maw={360}
      />
      {value.length === 0 && (
        <Text size="sm" c="dimmed">
          No questions yet. {QUIZ_EMPTY_MESSAGE}.
        </Text>
      )}
      {value.map((question, index) => {
        const number = index + 1;
        return (
          <Card
            key={question.id}
            withBorder
            padding="sm"
            component="fieldset"
            aria-label={`Question ${number}`}
          >
            <Stack gap="xs">
              <Group justify="space-between">
                <Text fw={600}>Question {number}</Text>
                <ActionIcon
                  color="red"
                  variant="subtle"
                  aria-label={`Remove question ${number}`}
                  onClick={() => onChange(value.filter((_, i) => i !== index))}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
              <TextInput
                label={`Question ${number} text`}
                value={question.text}
                onChange={(event) => update(index, { ...question, text: event.currentTarget.value })}
              />
              <Radio.Group
                label="Options (choose the correct answer)"
                value={String(question.correctAnswer)}
                onChange={(choice) => update(index, { ...question, correctAnswer: Number(choice) })}
              >
                <Stack gap={6} mt={4}>
                  {question.options.map((option, optionIndex) => {
                    const optionNumber = optionIndex + 1;
                    return (
                      <Group key={optionIndex} gap="xs" wrap="nowrap">
                        <Radio
                          value={String(optionIndex)}
                          aria-label={`Question ${number}: option ${optionNumber} is correct`}
                        />
                        <TextInput
                          aria-label={`Question ${number} option ${optionNumber}`}
                          placeholder={`Option ${optionNumber}`}
                          value={option}
                          className={classes.option}
                          onChange={(event) =>
                            update(index, {
                              ...question,
                              options: question.options.map((o, i) =>
                                i === optionIndex ? event.currentTarget.value : o,
                              ),
                            })
                          }
                        />
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          disabled={question.options.length <= MIN_OPTIONS}
                          aria-label={`Remove option ${optionNumber} of question ${number}`}
                          onClick={() => update(index, removeOption(question, optionIndex))}
                        >
                          <IconX size={14} />
                        </ActionIcon>
                      </Group>
                    );
                  })}
                </Stack>
              </Radio.Group>
              <Button
                size="xs"
                variant="subtle"
                leftSection={<IconPlus size={14} aria-hidden />}
                onClick={() => update(index, { ...question, options: [...question.options, ''] })}
                className={classes.add}
                aria-label={`Add option to question ${number}`}
              >
                Add option
              </Button>
              <Textarea
                label={`Question ${number} explanation`}
                autosize
                minRows={2}
                value={question.explanation}
                onChange={(event) => update(index, { ...question, explanation: event.currentTarget.value })}
              />
            </Stack>
          </Card>
        );
      })}
      <Button
        variant="light"
        leftSection={<IconPlus size={16} aria-hidden />}
        onClick={() => onChange([...value, newQuestion()])}
        className={classes.add}
      >
        Add Question
      </Button>
    </Stack>
  );
}
