import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Progress,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import type { CourseStudent } from '../../../../common/courses';
import { clampProgress } from '../../../../common/enrollments';
import { pageCount, PrevNextPager } from '../../../components/prev-next-pager';
import { RatingStars } from '../../../components/rating';
import { UserAvatar } from '../../../components/user-avatar';
import { formatDate, formatDateTime } from '../../../lib/format';
import {
  STUDENT_LESSONS_PAGE_SIZE,
  useCourseStudents,
  useStudentLessonProgress,
  useStudentReview,
} from './admin-api';

export const NO_ENROLLMENTS = 'No enrollments found';
export const NO_LESSONS_COMPLETED = 'No lessons completed yet';
export const NOT_RATED = "Student hasn't rated this course yet";

const LESSON_TYPE_LABELS = { video: 'Video', article: 'Article', quiz: 'Quiz' } as const;

/** The students of one course, each with a View Details button for their lesson progress. */
export function CourseStudentsTable({ courseId, courseTitle }: { courseId: string; courseTitle: string }) {
  const students = useCourseStudents(courseId);
  const [selected, setSelected] = useState<CourseStudent | null>(null);

  if (students.isPending) return <Loader size="sm" aria-label="Loading students" />;
  // A failed students call shows as an empty list, not as an error.
  const rows = students.data?.students ?? [];
  if (rows.length === 0) return <Text c="dimmed">{NO_ENROLLMENTS}</Text>;

  return (
    <>
      <Table.ScrollContainer minWidth={560}>
        <Table striped aria-label={`Students of ${courseTitle}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Student</Table.Th>
              <Table.Th>Progress</Table.Th>
              <Table.Th>Enrolled</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((student) => (
              <Table.Tr key={student.user_id}>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <UserAvatar name={student.user_name} avatar={student.user_avatar} size="sm" />
                    <div>
                      <Text size="sm" fw={500}>
                        {student.user_name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {student.email}
                      </Text>
                    </div>
                  </Group>
                </Table.Td>
                <Table.Td miw={120}>
                  <Text size="xs">{clampProgress(student.progress)}%</Text>
                  <Progress
                    value={clampProgress(student.progress)}
                    size="sm"
                    aria-label={`${student.user_name}'s progress`}
                  />
                </Table.Td>
                <Table.Td>{formatDate(student.start_date)}</Table.Td>
                <Table.Td>
                  {student.completed_date ? (
                    <Badge color="jade">Completed</Badge>
                  ) : (
                    <Badge color="blue" variant="light">
                      In Progress
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => setSelected(student)}
                    aria-label={`View Details for ${student.user_name}`}
                  >
                    View Details
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Modal
        opened={selected !== null}
        onClose={() => setSelected(null)}
        title={selected ? `${selected.user_name} — ${courseTitle}` : ''}
        size="lg"
        centered
      >
        {selected && <StudentProgressDetails student={selected} courseId={courseId} />}
      </Modal>
    </>
  );
}

function StudentReview({ student, courseId }: { student: CourseStudent; courseId: string }) {
  const review = useStudentReview(student.user_id, courseId);
  if (review.isPending) return <Loader size="xs" aria-label="Loading the student's review" />;
  if (!review.data)
    return (
      <Text size="sm" c="dimmed">
        {NOT_RATED}
      </Text>
    );
  return (
    <div>
      <Group gap="xs">
        <RatingStars value={review.data.rating} size="sm" />
        <Text size="sm">{`${review.data.rating} out of 5 stars`}</Text>
      </Group>
      {review.data.review_text && <Text size="sm">{review.data.review_text}</Text>}
    </div>
  );
}

function StudentProgressDetails({ student, courseId }: { student: CourseStudent; courseId: string }) {
  const [page, setPage] = useState(0);
  const lessons = useStudentLessonProgress(student.user_id, courseId, page);
  const pages = pageCount(lessons.data?.total ?? 0, STUDENT_LESSONS_PAGE_SIZE);
  const progress = clampProgress(student.progress);
  return (
    <>
      <Group justify="space-between" mb="xs">
        <Text size="sm">Course progress: {progress}%</Text>
        <Text size="sm">{student.completed_date ? 'Completed' : 'In Progress'}</Text>
      </Group>
      <Progress value={progress} mb="md" aria-label="Course progress" />
      <Text fw={600} mb="xs">
        Rating
      </Text>
      <StudentReview student={student} courseId={courseId} />
      <Text fw={600} mt="md" mb="xs">
        Lessons completed
      </Text>
      {lessons.isPending ? (
        <Loader size="sm" aria-label="Loading lesson progress" />
      ) : lessons.isError ? (
        // A failed lesson progress call shows an empty list.
        <Alert color="gray">{NO_LESSONS_COMPLETED}</Alert>
      ) : lessons.data.lessons.length === 0 ? (
        <Text c="dimmed">{NO_LESSONS_COMPLETED}</Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={520}>
            <Table aria-label="Lessons completed">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Lesson</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Module</Table.Th>
                  <Table.Th>Completed</Table.Th>
                  <Table.Th>Quiz score</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lessons.data.lessons.map((lesson) => (
                  <Table.Tr key={lesson.lesson_id}>
                    <Table.Td>{lesson.lesson_title}</Table.Td>
                    <Table.Td>{LESSON_TYPE_LABELS[lesson.lesson_type]}</Table.Td>
                    <Table.Td>{lesson.module_title}</Table.Td>
                    <Table.Td>{formatDateTime(lesson.completed_at)}</Table.Td>
                    <Table.Td>{lesson.quiz_score === null ? '—' : `${lesson.quiz_score}%`}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {pages > 1 && <PrevNextPager page={page} pages={pages} onChange={setPage} />}
        </>
      )}
    </>
  );
}
