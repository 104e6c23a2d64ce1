import { Card, Table, Title } from '@mantine/core';
import { useState } from 'react';
import { clampProgress } from '../../../../common/enrollments';
import { formatDate } from '../../../lib/format';
import { RECENT_ENROLLMENTS_PAGE_SIZE, useRecentEnrollments } from './admin-api';
import { NO_ENROLLMENTS } from './student-progress';
import { PanelBody } from '../../../components/panel-body';
import { pageCount, PrevNextPager } from '../../../components/prev-next-pager';

/** 'Most Recently Enrolled': newest enrolments first, 5 per page. */
export function RecentEnrollments() {
  const [page, setPage] = useState(0);
  const enrollments = useRecentEnrollments(page);
  const pages = pageCount(enrollments.data?.total ?? 0, RECENT_ENROLLMENTS_PAGE_SIZE);

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="recent-enrollments-title">
      <Title order={2} size="h4" id="recent-enrollments-title" mb="sm">
        Most Recently Enrolled
      </Title>
      <PanelBody
        query={enrollments}
        loadingLabel="Loading enrollments"
        isEmpty={(data) => data.enrollments.length === 0}
        emptyText={NO_ENROLLMENTS}
      >
        {(data) => (
          <Table.ScrollContainer minWidth={360}>
            <Table aria-label="Most recently enrolled students">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Student</Table.Th>
                  <Table.Th>Course</Table.Th>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Progress</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.enrollments.map((enrollment) => (
                  <Table.Tr key={enrollment.id}>
                    <Table.Td>{enrollment.user_name}</Table.Td>
                    <Table.Td>{enrollment.course_title}</Table.Td>
                    <Table.Td>{formatDate(enrollment.start_date)}</Table.Td>
                    <Table.Td>{clampProgress(enrollment.progress)}%</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </PanelBody>
      <PrevNextPager page={page} pages={pages} onChange={setPage} />
    </Card>
  );
}
