import { Alert, Badge, Button, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { useState } from 'react';
import type { QuizStudentResult } from '../../../../common/progress';
import { pageCount, PrevNextPager } from '../../../components/prev-next-pager';
import { ResponsiveTable, type ResponsiveColumn } from '../../../components/responsive-table';
import { formatDateTime } from '../../../lib/format';
import { QUIZ_RESULTS_PAGE_SIZE, useQuizResults } from './admin-api';
import classes from './quiz-results.module.css';

export const QUIZ_RESULTS_FAILED = 'Failed to load quiz results. Please try again.';
export const NO_QUIZ_ATTEMPTS = 'No student has taken this quiz yet';
export const NO_PASS_MARK_NOTE = 'No pass mark: any attempt completes the quiz.';
export const passMarkNote = (passMark: number) => `Pass mark: ${passMark}%`;

/** A table on wider screens, a card per student on a phone. */
const RESULT_COLUMNS: ResponsiveColumn<QuizStudentResult>[] = [
  { header: 'Student', cell: (row) => row.user_name, isCardTitle: true },
  { header: 'Attempts', cell: (row) => row.attempts },
  { header: 'Best score', cell: (row) => `${row.best_score}%` },
  {
    header: 'Passed',
    cell: (row) =>
      row.passed ? (
        <Badge color="jade">Yes</Badge>
      ) : (
        <Badge color="red" variant="light">
          No
        </Badge>
      ),
  },
  { header: 'Last attempt', cell: (row) => formatDateTime(row.last_attempt_at), noWrap: true },
];

export interface QuizResultsProps {
  lessonId: string;
  title: string;
}

/** A Student Results button that opens the quiz's results over whatever screen holds it. */
export function QuizResultsButton({ lessonId, title }: QuizResultsProps) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconChartBar size={16} aria-hidden />}
        onClick={() => setOpened(true)}
        className={classes.open}
      >
        Student Results
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={`Results: ${title}`}
        size="xl"
        centered
        // Above the lesson editor it is opened from.
        zIndex={300}
      >
        {opened && <QuizResults lessonId={lessonId} title={title} />}
      </Modal>
    </>
  );
}

/** Per student who attempted the quiz: attempts, best score, passed and the last attempt, a page at a time. */
export function QuizResults({ lessonId, title }: QuizResultsProps) {
  const [page, setPage] = useState(0);
  const results = useQuizResults(lessonId, page);

  if (results.isPending) return <Loader size="sm" aria-label="Loading quiz results" />;
  if (results.isError)
    return (
      <Alert color="red" role="alert">
        {QUIZ_RESULTS_FAILED}
      </Alert>
    );
  const { pass_mark: passMark, results: rows, total } = results.data;
  const pages = pageCount(total, QUIZ_RESULTS_PAGE_SIZE);

  return (
    <Stack gap="sm">
      <Text size="sm">{passMark === null ? NO_PASS_MARK_NOTE : passMarkNote(passMark)}</Text>
      {rows.length === 0 ? (
        <Text c="dimmed">{NO_QUIZ_ATTEMPTS}</Text>
      ) : (
        <>
          <ResponsiveTable
            label={`Results of ${title}`}
            columns={RESULT_COLUMNS}
            rows={rows}
            rowKey={(row) => row.user_id}
            minWidth={560}
          />
          {pages > 1 && <PrevNextPager page={page} pages={pages} onChange={setPage} />}
        </>
      )}
    </Stack>
  );
}
