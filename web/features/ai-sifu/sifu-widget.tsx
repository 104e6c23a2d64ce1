import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { IconMessageChatbot, IconMinus, IconSend, IconX } from '@tabler/icons-react';
import { Link } from 'react-router';
import { QUESTION_MAX, type AiAnswer, type AiUsage } from '../../../common/ai-sifu';
import { NOTE_SAVE_FAILED, SIFU_GENERIC_WELCOME } from './messages';
import { askSifu, useCreateNote, useRefreshSifu, useSifuUsage } from './api';
import { AnswerSources } from './answer-sources';
import classes from './ai-sifu.module.css';
import { NoteForm } from './note-form';
import { sifuErrorOf } from './sifu-errors';

export interface SifuWidgetProps {
  userId: string;
  courseId: string;
  courseTitle: string;
  /** A lesson the student chose to ask about: the panel opens with the question begun. */
  askAbout?: string | null;
  /** The lesson was taken up (the page forgets it, so it is not taken again). */
  onAskAboutTaken?: () => void;
}

/** How a question about a lesson begins, for the student to finish. */
export const askAboutDraft = (lessonTitle: string) => `About “${lessonTitle}”: `;

type Mode = 'closed' | 'open' | 'minimised';

interface Turn {
  id: number;
  question: string;
  /** The answer's text so far, while it is written; the whole answer once it came. */
  text: string;
  answer: AiAnswer | null;
  error: string | null;
}

/** The greeting: who AI Sifu is, and what is left of this month's questions. */
export function greetingOf(usage: AiUsage | undefined, courseId: string, courseTitle: string): string[] {
  if (!usage) return [SIFU_GENERIC_WELCOME];
  const lines = [`Hello, I'm AI Sifu. Ask me anything about ${courseTitle}.`];
  const course = usage.courses.find((allowance) => allowance.course_id === courseId);
  if (course) lines.push(`This course: ${course.used}/${course.limit} questions used this month.`);
  if (usage.subscription.active) {
    lines.push(
      `Your subscription: ${usage.subscription.used}/${usage.subscription.limit} questions used this month.`,
    );
  }
  return lines;
}

/**
 * AI Sifu on a course page: a button (closed), a panel 580 px high (a full-width sheet on a
 * phone) where the student asks one question at a time and reads the answer as it is written,
 * or a bar (minimised). The conversation stays while the panel is closed or minimised.
 */
export function SifuWidget({ userId, courseId, courseTitle, askAbout, onAskAboutTaken }: SifuWidgetProps) {
  const [mode, setMode] = useState<Mode>('closed');
  const [turns, setTurns] = useState<Turn[]>([]);
  const [draft, setDraft] = useState('');
  const [asking, setAsking] = useState(false);
  const usage = useSifuUsage(userId);
  const refresh = useRefreshSifu();
  const nextId = useRef(1);
  const abort = useRef<AbortController | null>(null);
  const launcherRef = useRef<HTMLButtonElement>(null);
  const restoreRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const previousMode = useRef<Mode>(mode);
  const panelId = useId();
  const titleId = useId();

  // Focus follows the state: the question box when the panel opens, the control that brings it
  // back when it closes or shrinks. Nothing moves on the first render.
  useEffect(() => {
    if (previousMode.current === mode) return;
    previousMode.current = mode;
    if (mode === 'open') focusAtEnd(inputRef.current);
    else if (mode === 'closed') launcherRef.current?.focus();
    else restoreRef.current?.focus();
  }, [mode]);

  useEffect(() => () => abort.current?.abort(), []);

  // Asked from a lesson: the panel opens with the question begun, the cursor after the title.
  const [takenAbout, setTakenAbout] = useState<string | null>(null);
  if ((askAbout ?? null) !== takenAbout) {
    setTakenAbout(askAbout ?? null);
    if (askAbout) {
      setDraft(askAboutDraft(askAbout));
      setMode('open');
    }
  }
  useEffect(() => {
    if (!askAbout) return;
    onAskAboutTaken?.();
    requestAnimationFrame(() => focusAtEnd(inputRef.current));
  }, [askAbout, onAskAboutTaken]);

  // The newest words stay in view while the answer is written.
  const last = turns.at(-1);
  const lastContent = `${last?.text ?? ''}${last?.error ?? ''}${last?.answer ? 'answered' : ''}`;
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [turns.length, lastContent, mode]);

  const update = (id: number, change: Partial<Turn> | ((turn: Turn) => Partial<Turn>)) =>
    setTurns((current) =>
      current.map((turn) =>
        turn.id === id ? { ...turn, ...(typeof change === 'function' ? change(turn) : change) } : turn,
      ),
    );

  const handleAsk = async () => {
    const question = draft.trim();
    if (!question || asking) return;
    const id = nextId.current++;
    setTurns((current) => [...current, { id, question, text: '', answer: null, error: null }]);
    setDraft('');
    setAsking(true);
    const controller = new AbortController();
    abort.current = controller;
    try {
      const answer = await askSifu(
        { question, course_id: courseId },
        (piece) => update(id, (turn) => ({ text: turn.text + piece })),
        controller.signal,
      );
      update(id, { text: answer.response, answer });
    } catch (error) {
      if (controller.signal.aborted) return;
      update(id, { error: sifuErrorOf(error) });
    } finally {
      if (!controller.signal.aborted) {
        setAsking(false);
        void refresh();
        // The box was disabled while AI Sifu answered: the student types the next question there.
        requestAnimationFrame(() => inputRef.current?.focus());
      }
    }
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void handleAsk();
    }
  };

  const handlePanelKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    // A dialog the panel opened (a source) is portalled out of it but still sends its keys here.
    const inPanel = event.target instanceof Node && event.currentTarget.contains(event.target);
    if (event.key === 'Escape' && inPanel && !event.defaultPrevented) {
      event.stopPropagation();
      setMode('closed');
    }
  };

  const course = usage.data?.courses.find((allowance) => allowance.course_id === courseId);

  if (mode === 'closed') {
    return (
      <Button
        ref={launcherRef}
        className={classes.launcher}
        size="md"
        radius="xl"
        leftSection={<IconMessageChatbot size={20} aria-hidden />}
        aria-expanded={false}
        aria-haspopup="dialog"
        onClick={() => setMode('open')}
      >
        Ask AI Sifu
      </Button>
    );
  }

  if (mode === 'minimised') {
    return (
      <Paper className={classes.bar} shadow="md" withBorder role="region" aria-label="AI Sifu (minimised)">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Button
            ref={restoreRef}
            variant="subtle"
            leftSection={<IconMessageChatbot size={18} aria-hidden />}
            aria-expanded={false}
            onClick={() => setMode('open')}
          >
            AI Sifu{asking ? ' (answering…)' : ''}
          </Button>
          <CloseSifuButton onClose={() => setMode('closed')} />
        </Group>
      </Paper>
    );
  }

  return (
    <Paper
      component="section"
      id={panelId}
      className={classes.panel}
      shadow="lg"
      withBorder
      role="dialog"
      aria-modal={false}
      aria-labelledby={titleId}
      onKeyDown={handlePanelKeyDown}
    >
      <header className={classes.header}>
        <div className={classes.headerText}>
          <Group gap="xs" wrap="nowrap">
            <Text id={titleId} fw={700} component="h2" className={classes.title}>
              AI Sifu
            </Text>
            {course && (
              <Badge variant="light" size="sm" className={classes.count}>
                {course.used}/{course.limit} this month
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed" truncate>
            {courseTitle}
          </Text>
        </div>
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label="Minimise AI Sifu"
            onClick={() => setMode('minimised')}
          >
            <IconMinus size={18} aria-hidden />
          </ActionIcon>
          <CloseSifuButton onClose={() => setMode('closed')} />
        </Group>
      </header>
      <div
        ref={logRef}
        className={classes.log}
        role="log"
        aria-live="polite"
        aria-label="Conversation with AI Sifu"
        // Read once the answer is whole, not word by word as it is written.
        aria-busy={asking}
        tabIndex={0}
      >
        <Stack gap="sm">
          <div className={classes.sifuBubble}>
            {usage.isPending ? (
              <Loader size="xs" aria-label="Loading your questions this month" />
            ) : (
              greetingOf(usage.data, courseId, courseTitle).map((line) => (
                <Text key={line} size="sm">
                  {line}
                </Text>
              ))
            )}
          </div>
          {turns.map((turn) => (
            <TurnView key={turn.id} turn={turn} courseId={courseId} />
          ))}
        </Stack>
      </div>
      <form
        className={classes.composer}
        onSubmit={(event) => {
          event.preventDefault();
          void handleAsk();
        }}
      >
        <Textarea
          ref={inputRef}
          aria-label="Your question"
          placeholder="Ask about your training…"
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={handleKeyDown}
          disabled={asking}
          autosize
          minRows={1}
          maxRows={4}
          maxLength={QUESTION_MAX}
          className={classes.question}
        />
        <ActionIcon
          type="submit"
          size="lg"
          aria-label="Send question"
          disabled={asking || draft.trim() === ''}
          loading={asking}
        >
          <IconSend size={18} aria-hidden />
        </ActionIcon>
      </form>
    </Paper>
  );
}

function TurnView({ turn, courseId }: { turn: Turn; courseId: string }) {
  return (
    <>
      <div className={classes.studentBubble}>
        <Text size="sm" className={classes.prose}>
          {turn.question}
        </Text>
      </div>
      {turn.error ? (
        <div className={classes.errorBubble} role="alert">
          <Text size="sm" fw={700}>
            Error
          </Text>
          <Text size="sm">{turn.error}</Text>
        </div>
      ) : (
        <div className={classes.sifuBubble}>
          {turn.text === '' && !turn.answer ? (
            <Group gap="xs">
              <Loader size="xs" type="dots" aria-hidden />
              <Text size="sm" c="dimmed">
                AI Sifu is thinking…
              </Text>
            </Group>
          ) : (
            <Text size="sm" className={classes.prose}>
              {turn.text}
            </Text>
          )}
          {turn.answer && <AnswerExtras answer={turn.answer} courseId={courseId} />}
        </div>
      )}
    </>
  );
}

/** Under an answer: whether it came from the cache, its sources, and a note on it. */
function AnswerExtras({ answer, courseId }: { answer: AiAnswer; courseId: string }) {
  const [noteState, setNoteState] = useState<'idle' | 'editing' | 'saved'>('idle');
  const createNote = useCreateNote();
  const handleSave = (text: string) =>
    createNote
      .mutateAsync({
        ai_conversation_id: answer.conversation_id,
        course_id: courseId,
        note_text: text,
      })
      .then(() => setNoteState('saved'));

  return (
    <Stack gap="xs" mt="xs">
      {answer.cached && (
        <Badge size="xs" variant="light" color="gray.7">
          Cached
        </Badge>
      )}
      <AnswerSources
        terms={answer.terms_used}
        manual={answer.manual_sections}
        classics={answer.classical_references}
        lessons={answer.lessons_used}
      />
      {noteState === 'idle' && (
        <Group>
          <Button size="compact-xs" variant="subtle" onClick={() => setNoteState('editing')}>
            Save note
          </Button>
        </Group>
      )}
      {noteState === 'editing' && (
        <NoteForm
          saving={createNote.isPending}
          failure={createNote.isError ? NOTE_SAVE_FAILED : null}
          onSave={handleSave}
          onCancel={() => {
            createNote.reset();
            setNoteState('idle');
          }}
        />
      )}
      {noteState === 'saved' && (
        <Text size="xs" role="status">
          Note saved.{' '}
          <Anchor component={Link} to="/app/sifu-notes" size="xs">
            Open Sifu&apos;s Notes
          </Anchor>
        </Text>
      )}
    </Stack>
  );
}

function CloseSifuButton({ onClose }: { onClose: () => void }) {
  return (
    <ActionIcon variant="subtle" color="gray" aria-label="Close AI Sifu" onClick={onClose}>
      <IconX size={18} aria-hidden />
    </ActionIcon>
  );
}

function focusAtEnd(input: HTMLTextAreaElement | null) {
  if (!input) return;
  input.focus();
  input.setSelectionRange(input.value.length, input.value.length);
}
