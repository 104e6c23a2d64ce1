// The charts' own styles load with them: only this admin chunk needs them.
import '@mantine/charts/styles.css';
import { AreaChart, BarChart } from '@mantine/charts';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { DailyCost } from '../../../common/ai-sifu';
import { chartPoints, formatCost, formatCount } from './analytics-display';

/** The chart's figures in a sentence, for those who cannot see it. */
function summary(days: readonly DailyCost[]) {
  const questions = days.reduce((sum, day) => sum + day.questions_count, 0);
  const cents = days.reduce((sum, day) => sum + day.daily_cost_cents, 0);
  return { questions: formatCount(questions), cost: formatCost(cents) };
}

/**
 * Daily questions and daily cost over the 30 days the analytics send, oldest day on the left. It
 * is loaded on its own, so the chart library stays out of every other screen.
 */
export function UsageCharts({ days }: { days: DailyCost[] }) {
  const data = chartPoints(days);
  const totals = summary(days);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Stack gap="xs" component="figure" m={0}>
        <Text component="figcaption" size="sm" fw={600}>
          Questions per day ({totals.questions} in {days.length} days)
        </Text>
        <BarChart
          h={220}
          data={data}
          dataKey="date"
          series={[{ name: 'Questions', color: 'jade.6' }]}
          valueFormatter={formatCount}
          tickLine="y"
          xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 16 }}
          yAxisProps={{ allowDecimals: false, width: 40 }}
        />
      </Stack>
      <Stack gap="xs" component="figure" m={0}>
        <Text component="figcaption" size="sm" fw={600}>
          Cost per day ({totals.cost} in {days.length} days)
        </Text>
        <AreaChart
          h={220}
          data={data}
          dataKey="date"
          series={[{ name: 'Cost', color: 'gold.7' }]}
          valueFormatter={(value) => `$${value.toFixed(2)}`}
          curveType="monotone"
          withDots={false}
          tickLine="y"
          xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 16 }}
          yAxisProps={{ width: 56 }}
        />
      </Stack>
    </SimpleGrid>
  );
}
