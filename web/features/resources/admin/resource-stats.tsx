import { Card, Loader, SimpleGrid, Text } from '@mantine/core';
import type { ResourceStatsResponse } from '../../../../common/resources';
import { useResourceStats } from '../api';

const FIGURES: { label: string; value: (stats: ResourceStatsResponse) => number }[] = [
  { label: 'Total', value: (s) => s.total },
  { label: 'Published', value: (s) => s.published },
  { label: 'Drafts', value: (s) => s.drafts },
  { label: 'Blog', value: (s) => s.by_type.blog },
  { label: 'Video', value: (s) => s.by_type.video },
  { label: 'Audio', value: (s) => s.by_type.audio },
  { label: 'Total Views', value: (s) => s.total_views },
];

/** The figures above the list; a failed read shows dashes rather than taking the page down. */
export function ResourceStats() {
  const stats = useResourceStats();
  return (
    <SimpleGrid
      cols={{ base: 2, xs: 4, md: 7 }}
      spacing="sm"
      component="dl"
      m={0}
      aria-label="Resource figures"
    >
      {FIGURES.map(({ label, value }) => (
        <Card key={label} withBorder padding="sm">
          <Text component="dt" size="sm" c="dimmed">
            {label}
          </Text>
          <Text component="dd" m={0} fz="xl" fw={700}>
            {stats.isPending ? (
              <Loader size="xs" aria-label={`Loading ${label}`} />
            ) : stats.data ? (
              value(stats.data).toLocaleString('en-US')
            ) : (
              '–'
            )}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
