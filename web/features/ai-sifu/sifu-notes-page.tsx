import { useId, useState, type ChangeEvent, type ReactNode } from 'react';
import {
  Button,
  Center,
  Container,
  Group,
  Loader,
  Input,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconChevronDown, IconSearch } from '@tabler/icons-react';
import {
  AI_CONVERSATIONS_MAX_LIMIT,
  AI_CONVERSATIONS_PAGE_SIZE,
  SIFU_SEARCH_DEBOUNCE_MS,
  SIFU_STATS_WINDOW_DAYS,
  type AiConversationListResponse,
} from '../../../common/ai-sifu';
import { HISTORY_LOAD_FAILED } from './messages';
import { LoadFailed } from '../../components/load-failed';
import { pageCount, PrevNextPager } from '../../components/prev-next-pager';
import { useSession } from '../../lib/session';
import {
  useConversationHistory,
  useConversationSearch,
  useConversationStats,
  useCourseConversations,
  useSifuUsage,
} from './api';
import { ConversationCard } from './conversation-card';

const ALL_COURSES = '';

/**
 * Sifu's Notes (/app/sifu-notes): the student's questions to AI Sifu with their answers, sources
 * and notes; the totals, a search over the history and a filter by course.
 */
export function SifuNotesPage() {
  const { user } = useSession();
  const userId = user?.id ?? '';
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SIFU_SEARCH_DEBOUNCE_MS);
  const [courseId, setCourseId] = useState(ALL_COURSES);
  const [page, setPage] = useState(0);
  const [courseLimit, setCourseLimit] = useState(AI_CONVERSATIONS_PAGE_SIZE);
  const courseSelectId = useId();

  const stats = useConversationStats(userId);
  const usage = useSifuUsage(userId);
  const searching = debounced !== '';
  const byCourse = !searching && courseId !== ALL_COURSES;
  const history = useConversationHistory(userId, page, !searching && !byCourse);
  const found = useConversationSearch(userId, searching ? debounced : '');
  const course = useCourseConversations(userId, byCourse ? courseId : null, courseLimit);
  const shown = searching ? found : byCourse ? course : history;

  const handleCourse = (value: string) => {
    setCourseId(value);
    setCourseLimit(AI_CONVERSATIONS_PAGE_SIZE);
    setPage(0);
  };

  const list = shown.data && filterByCourse(shown.data, searching ? courseId : ALL_COURSES);

  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <div>
          <Title order={1}>Sifu&apos;s Notes</Title>
          <Text c="dimmed">Your questions to AI Sifu, its answers and your notes on them.</Text>
        </div>
        <SimpleGrid cols={{ base: 3 }} spacing="sm" component="dl" m={0}>
          <Stat label="Conversations" value={stats.data?.total_conversations} />
          <Stat label="Courses discussed" value={stats.data?.courses_discussed} />
          <Stat label={`Last ${SIFU_STATS_WINDOW_DAYS} days`} value={stats.data?.recent_conversations} />
        </SimpleGrid>
        <Group gap="sm" align="flex-end" grow preventGrowOverflow={false} wrap="wrap">
          <TextInput
            type="search"
            label="Search your conversations"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(0);
            }}
            miw={220}
          />
          {/* A native list of courses, styled as the other inputs. */}
          <Input.Wrapper label="Course" labelElement="label" id={courseSelectId} miw={200}>
            <Input
              component="select"
              id={courseSelectId}
              value={courseId}
              onChange={(event: ChangeEvent<HTMLSelectElement>) => handleCourse(event.currentTarget.value)}
              rightSection={<IconChevronDown size={16} aria-hidden />}
              rightSectionPointerEvents="none"
            >
              <option value={ALL_COURSES}>All courses</option>
              {(usage.data?.courses ?? []).map((allowance) => (
                <option key={allowance.course_id} value={allowance.course_id}>
                  {allowance.course_title}
                </option>
              ))}
            </Input>
          </Input.Wrapper>
        </Group>
        <section aria-label="Conversation history" aria-busy={shown.isFetching}>
          {shown.isPending ? (
            <Center py="xl">
              <Loader aria-label="Loading conversation history" />
            </Center>
          ) : shown.isError ? (
            <LoadFailed message={HISTORY_LOAD_FAILED} onRetry={() => void shown.refetch()} />
          ) : list && list.conversations.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl">
              {searching
                ? `No conversations match "${debounced}".`
                : 'No conversations yet. Open one of your courses and ask AI Sifu a question.'}
            </Text>
          ) : (
            <Stack gap="md">
              {list?.conversations.map((conversation) => (
                <ConversationCard key={conversation.id} conversation={conversation} />
              ))}
            </Stack>
          )}
          {!searching && !byCourse && history.data && history.data.total > AI_CONVERSATIONS_PAGE_SIZE && (
            <PrevNextPager
              page={page}
              pages={pageCount(history.data.total, AI_CONVERSATIONS_PAGE_SIZE)}
              onChange={setPage}
            />
          )}
          {byCourse &&
            course.data &&
            course.data.total > course.data.conversations.length &&
            courseLimit < AI_CONVERSATIONS_MAX_LIMIT && (
              <Center mt="md">
                <Button
                  variant="default"
                  loading={course.isFetching}
                  onClick={() =>
                    setCourseLimit((limit) =>
                      Math.min(limit + AI_CONVERSATIONS_PAGE_SIZE, AI_CONVERSATIONS_MAX_LIMIT),
                    )
                  }
                >
                  Show more
                </Button>
              </Center>
            )}
        </section>
      </Stack>
    </Container>
  );
}

/** Search answers across every course: the course filter narrows its results here. */
function filterByCourse(response: AiConversationListResponse, courseId: string): AiConversationListResponse {
  if (courseId === ALL_COURSES) return response;
  const conversations = response.conversations.filter((c) => c.course_context === courseId);
  return { conversations, total: conversations.length };
}

function Stat({ label, value }: { label: string; value: number | undefined }): ReactNode {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} size="xl" fw={700}>
        {value ?? '–'}
      </Text>
    </Paper>
  );
}
