import { Card, Title } from '@mantine/core';
import { useState } from 'react';
import { clampProgress, type EnrollmentListItem } from '../../../../common/enrollments';
import { formatDate } from '../../../lib/format';
import { RECENT_ENROLLMENTS_PAGE_SIZE, useRecentEnrollments } from './admin-api';
import { NO_ENROLLMENTS } from './student-progress';
import { PanelBody } from '../../../components/panel-body';
import { pageCount, PrevNextPager } from '../../../components/prev-next-pager';
import { ResponsiveTable, type ResponsiveColumn } from '../../../components/responsive-table';

const ENROLLMENT_COLUMNS: ResponsiveColumn<EnrollmentListItem>[] = [
  { header: 'Student', cell: (enrollment) => enrollment.user_name, isCardTitle: true },
  { header: 'Course', cell: (enrollment) => enrollment.course_title },
  { header: 'Date', cell: (enrollment) => formatDate(enrollment.start_date) },
  { header: 'Progress', cell: (enrollment) => `${clampProgress(enrollment.progress)}%` },
];

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
          <ResponsiveTable
            label="Most recently enrolled students"
            columns={ENROLLMENT_COLUMNS}
            rows={data.enrollments}
            rowKey={(enrollment) => enrollment.id}
            minWidth={360}
          />
        )}
      </PanelBody>
      <PrevNextPager page={page} pages={pages} onChange={setPage} />
    </Card>
  );
}
