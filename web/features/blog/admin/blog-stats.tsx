import { Card, Loader, SimpleGrid, Text } from '@mantine/core';
import { useBlogStats } from './admin-api';

const FIGURES = [
  { key: 'total_posts', label: 'Total Posts' },
  { key: 'published', label: 'Published' },
  { key: 'drafts', label: 'Drafts' },
  { key: 'categories', label: 'Categories' },
] as const;

/** The four figures above the list; a failed read shows dashes rather than taking the page down. */
export function BlogStatsCards() {
  const stats = useBlogStats();
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" component="dl" m={0}>
      {FIGURES.map(({ key, label }) => (
        <Card key={key} withBorder padding="sm">
          <Text component="dt" size="sm" c="dimmed">
            {label}
          </Text>
          <Text component="dd" m={0} fz="xl" fw={700}>
            {stats.isPending ? (
              <Loader size="xs" aria-label={`Loading ${label}`} />
            ) : (
              (stats.data?.[key] ?? '–')
            )}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
