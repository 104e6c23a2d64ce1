import {
  Button,
  Card,
  Container,
  Group,
  Pagination,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import {
  RESOURCE_HIGHLIGHT_DELAY_MS,
  RESOURCE_TYPES,
  RESOURCES_LOAD_FAILED,
  RESOURCES_PAGE_SIZE,
  type ResourceType,
} from '../../../common/resources';
import { LoadFailed } from '../../components/load-failed';
import { pageCount } from '../../components/prev-next-pager';
import { useCurrentUser } from '../../lib/session';
import { useCountView, useResource, useResources } from './api';
import { ResourceCard, resourceCardId, TYPE_LABELS } from './resource-card';
import classes from './resource-card.module.css';

const ALL = 'all';
const FILTERS = [
  { value: ALL, label: 'All' },
  ...RESOURCE_TYPES.map((type) => ({ value: type, label: TYPE_LABELS[type] })),
];

/** What the page says when a filter has nothing to show. */
export const emptyText = (type: ResourceType | null) =>
  type ? `No ${TYPE_LABELS[type].toLowerCase()} resources yet` : 'No resources yet';

const typeOf = (value: string | null): ResourceType | null =>
  RESOURCE_TYPES.find((type) => type === value) ?? null;

/** `?page=` as the reader sees it (from 1); anything else is the first page. */
function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

function LoadingCards() {
  return (
    <Stack gap="md">
      <div role="status" className={classes.visuallyHidden}>
        Loading resources
      </div>
      {[0, 1, 2].map((index) => (
        <Card key={index} withBorder padding="md" aria-hidden>
          <Stack gap="xs">
            <Skeleton height={24} width="60%" />
            <Skeleton height={14} width="35%" />
            <Skeleton height={14} />
            <Skeleton height={14} width="90%" />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

/**
 * `#id` in the address: the card asked for. It is scrolled to and highlighted once the page has
 * settled (RESOURCE_HIGHLIGHT_DELAY_MS); one that is not on this page is read on its own and pinned on top.
 */
function useTargetedResource(onPage: (id: string) => boolean, loaded: boolean) {
  const { hash } = useLocation();
  const target = hash.length > 1 ? decodeURIComponent(hash.slice(1)) : null;
  const elsewhere = target !== null && loaded && !onPage(target);
  const pinned = useResource(elsewhere ? target : null);
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const ready = target !== null && loaded && (!elsewhere || pinned.isSuccess);

  useEffect(() => {
    if (!ready || !target) return;
    const timer = window.setTimeout(() => {
      document
        .getElementById(resourceCardId(target))
        ?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      setHighlighted(target);
    }, RESOURCE_HIGHLIGHT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [ready, target]);

  return { highlighted, pinned: elsewhere ? (pinned.data ?? null) : null };
}

/** /app/resources: the school's blog posts, videos and recordings, five a page, by type. */
export function ResourcesPage() {
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const type = typeOf(params.get('type'));
  const page = pageOf(params.get('page'));
  const resources = useResources(type, page - 1);
  const countView = useCountView();
  const shown = resources.data?.resources ?? [];
  const { highlighted, pinned } = useTargetedResource(
    (id) => shown.some((resource) => resource.id === id),
    resources.isSuccess && !resources.isPlaceholderData,
  );
  const pages = pageCount(resources.data?.total ?? 0, RESOURCES_PAGE_SIZE);

  const go = (next: { type: ResourceType | null; page: number }) => {
    const query = new URLSearchParams();
    if (next.type) query.set('type', next.type);
    if (next.page > 1) query.set('page', String(next.page));
    setParams(query);
  };

  return (
    <Container size="md" py="lg" px={0}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={1}>Learning Resources</Title>
            <Text c="dimmed">Articles, videos and recordings from the school's instructors.</Text>
          </div>
          {user.is_admin && (
            <Button
              component={Link}
              to="/app/admin/resources"
              variant="default"
              leftSection={<IconEdit size={16} aria-hidden />}
            >
              Manage Resources
            </Button>
          )}
        </Group>
        <SegmentedControl
          aria-label="Resource type"
          data={FILTERS}
          value={type ?? ALL}
          onChange={(value) => go({ type: typeOf(value), page: 1 })}
          fullWidth
          maw={480}
        />
        {pinned && (
          <ResourceCard resource={pinned} highlighted={highlighted === pinned.id} onRead={countView} />
        )}
        {resources.isPending ? (
          <LoadingCards />
        ) : resources.isError ? (
          <LoadFailed message={RESOURCES_LOAD_FAILED} onRetry={() => void resources.refetch()} />
        ) : shown.length === 0 ? (
          <Text c="dimmed">{emptyText(type)}</Text>
        ) : (
          <Stack gap="md" aria-busy={resources.isPlaceholderData || undefined}>
            {shown.map((resource) => (
              <ResourceCard
                key={resource.id}
                resource={resource}
                highlighted={highlighted === resource.id}
                onRead={countView}
              />
            ))}
          </Stack>
        )}
        {pages > 1 && (
          <nav aria-label="Resource pages">
            <Pagination
              total={pages}
              value={Math.min(page, pages)}
              onChange={(next) => go({ type, page: next })}
              getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
              getControlProps={(control) => ({
                'aria-label':
                  control === 'next' ? 'Next page' : control === 'previous' ? 'Previous page' : control,
              })}
            />
          </nav>
        )}
      </Stack>
    </Container>
  );
}
