import { Alert, Button, Card, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { COMMUNITY_MESSAGES, type CommunityCourse } from '../../../common/community';
import type { PublicProfile } from '../../../common/users';
import { useCommunity, useMoreStudents } from './api';
import { LoadFailed } from '../../components/load-failed';
import { PersonGrid } from './person-card';
import { ProfileModal } from './profile-modal';

/** One course's fellow students: the first page from the overview, then "Show more" a page at a time. */
function CourseSection({
  course,
  onOpen,
}: {
  course: CommunityCourse;
  onOpen: (person: PublicProfile) => void;
}) {
  const [wantsMore, setWantsMore] = useState(false);
  const more = useMoreStudents(course.course_id, wantsMore);
  const students = [...course.students, ...(more.data?.pages.flatMap((page) => page.students) ?? [])];
  const hasMore = students.length < course.total && (!more.data || more.hasNextPage);
  const titleId = `course-${course.course_id}`;

  const showMore = () => {
    if (!wantsMore) setWantsMore(true);
    else void more.fetchNextPage();
  };

  return (
    <Card withBorder component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId}>
        {course.course_name}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Fellow Public Students · {course.total}
      </Text>
      <PersonGrid people={students} label={`Fellow students in ${course.course_name}`} onOpen={onOpen} />
      {more.isError && (
        <Alert color="red" mt="sm">
          {COMMUNITY_MESSAGES.loadFailed}
        </Alert>
      )}
      {hasMore && (
        <Button
          variant="default"
          mt="sm"
          onClick={showMore}
          loading={more.isFetching}
          aria-label={`Show more students of ${course.course_name}`}
        >
          Show more
        </Button>
      )}
    </Card>
  );
}

/**
 * 'My Learning Community': the instructors, then one section per course the member
 * is enrolled in with the fellow students who share it and keep a public profile.
 */
export function MemberCommunity() {
  const community = useCommunity();
  const [open, setOpen] = useState<PublicProfile | null>(null);
  const withStudents = community.data?.courses.filter((course) => course.total > 0) ?? [];

  return (
    <Container size="xl" py="lg">
      <Stack gap="lg">
        <Title order={1}>My Learning Community</Title>
        {community.isPending ? (
          <Loader aria-label="Loading community" />
        ) : community.isError ? (
          <LoadFailed message={COMMUNITY_MESSAGES.loadFailed} onRetry={() => void community.refetch()} />
        ) : (
          <>
            <Card withBorder component="section" aria-labelledby="instructors-title">
              <Title order={2} size="h4" id="instructors-title" mb="sm">
                Course Instructors
              </Title>
              <PersonGrid people={community.data.instructors} label="Course Instructors" onOpen={setOpen} />
            </Card>
            {withStudents.length === 0 ? (
              <Text c="dimmed">{COMMUNITY_MESSAGES.noFellowStudents}</Text>
            ) : (
              withStudents.map((course) => (
                <CourseSection key={course.course_id} course={course} onOpen={setOpen} />
              ))
            )}
          </>
        )}
      </Stack>
      <ProfileModal person={open} onClose={() => setOpen(null)} />
    </Container>
  );
}
