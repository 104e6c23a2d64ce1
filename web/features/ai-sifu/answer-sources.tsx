import { useState } from 'react';
import { Badge, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconBook2 } from '@tabler/icons-react';
import { Link } from 'react-router';
import { KNOWLEDGE_NOT_FOUND, type LessonRef, type SourceRef } from '../../../common/ai-sifu';
import { KNOWLEDGE_KIND_LABELS } from './messages';
import { errorMessage, isNotFound } from '../../lib/api-client';
import { useKnowledgeEntry } from './api';
import classes from './ai-sifu.module.css';

export interface AnswerSourcesProps {
  terms: SourceRef[];
  manual: SourceRef[];
  classics: SourceRef[];
  lessons: LessonRef[];
}

const GROUPS = [
  { key: 'terms', label: 'Glossary terms' },
  { key: 'manual', label: 'Training manual' },
  { key: 'classics', label: 'Classical references' },
] as const;

const KNOWLEDGE_LOAD_FAILED = 'Failed to load this entry. Please try again.';

/** "Zhan Zhuang 站樁": an entry's chip text, its characters when it has them. */
function chipText(source: SourceRef) {
  return (
    <>
      {source.title}
      {source.hanzi && (
        <span lang="zh" className={classes.hanzi}>
          {source.hanzi}
        </span>
      )}
    </>
  );
}

/**
 * The entries an answer drew on, grouped by kind: each entry's chip opens it in a dialog, each
 * lesson's chip opens the lesson on its course page.
 */
export function AnswerSources({ terms, manual, classics, lessons }: AnswerSourcesProps) {
  const [openId, setOpenId] = useState<string | null>(null);
  const lists = { terms, manual, classics };
  if (terms.length + manual.length + classics.length + lessons.length === 0) return null;
  return (
    <Stack gap={6} className={classes.sources}>
      {GROUPS.map(({ key, label }) =>
        lists[key].length > 0 ? (
          <div key={key}>
            <Text size="xs" fw={600} c="dimmed">
              {label}
            </Text>
            <Group gap={6} mt={2} component="ul" className={classes.chipList} aria-label={label}>
              {lists[key].map((source) => (
                <li key={source.id}>
                  <Button
                    size="compact-xs"
                    variant="light"
                    radius="xl"
                    onClick={() => setOpenId(source.id)}
                    aria-haspopup="dialog"
                  >
                    {chipText(source)}
                  </Button>
                </li>
              ))}
            </Group>
          </div>
        ) : null,
      )}
      {lessons.length > 0 && (
        <div>
          <Text size="xs" fw={600} c="dimmed">
            Lessons
          </Text>
          <Group gap={6} mt={2} component="ul" className={classes.chipList} aria-label="Lessons">
            {lessons.map((lesson) => (
              <li key={lesson.id}>
                <Button
                  component={Link}
                  to={`/app/course/${lesson.course_id}?lesson=${lesson.id}`}
                  size="compact-xs"
                  variant="outline"
                  radius="xl"
                  leftSection={<IconBook2 size={12} aria-hidden />}
                >
                  {lesson.title}
                </Button>
              </li>
            ))}
          </Group>
        </div>
      )}
      <KnowledgeDialog entryId={openId} onClose={() => setOpenId(null)} />
    </Stack>
  );
}

/** One entry of the school's knowledge, as a source chip opens it. */
export function KnowledgeDialog({ entryId, onClose }: { entryId: string | null; onClose: () => void }) {
  const entry = useKnowledgeEntry(entryId);
  const title = entry.data?.title ?? (entry.isError ? 'Source' : 'Loading source');
  return (
    <Modal opened={entryId !== null} onClose={onClose} title={title} centered size="lg">
      {entry.isPending ? (
        <Group justify="center" py="md">
          <Loader size="sm" aria-label="Loading source" />
        </Group>
      ) : entry.isError ? (
        <Text role="alert" c="red.8">
          {isNotFound(entry.error) ? KNOWLEDGE_NOT_FOUND : errorMessage(entry.error, KNOWLEDGE_LOAD_FAILED)}
        </Text>
      ) : (
        <Stack gap="sm">
          <Group gap="xs">
            <Badge variant="light">{KNOWLEDGE_KIND_LABELS[entry.data.kind]}</Badge>
          </Group>
          {(entry.data.hanzi || entry.data.pinyin) && (
            <Group gap="md" align="baseline">
              {entry.data.hanzi && (
                <Text lang="zh" size="xl" fw={600}>
                  {entry.data.hanzi}
                </Text>
              )}
              {entry.data.pinyin && <Text fs="italic">{entry.data.pinyin}</Text>}
            </Group>
          )}
          {entry.data.body.split(/\r?\n\s*\r?\n/).map((paragraph, i) => (
            <Text key={i} className={classes.prose}>
              {paragraph}
            </Text>
          ))}
          {entry.data.source && (
            <Text size="sm" c="dimmed">
              Source: {entry.data.source}
            </Text>
          )}
        </Stack>
      )}
    </Modal>
  );
}
