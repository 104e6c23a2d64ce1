import { Badge, Button, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconClock, IconStar, IconUsers } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import type { CourseSummary } from '../../../common/courses';
import { capitalise, DEFAULT_THUMBNAIL, formatDuration, formatPrice } from './course-format';
import { isFree } from './use-enroll-action';

export interface CourseCardProps {
  course: CourseSummary;
  isAdmin: boolean;
  highlighted?: boolean;
  enrolling?: boolean;
  onEnroll: (course: CourseSummary) => void;
}

/** Minutes of lesson content, or the course's estimated hours when it has no timed lessons yet. */
export const courseMinutes = (course: Pick<CourseSummary, 'total_duration_minutes' | 'estimated_hours'>) =>
  course.total_duration_minutes > 0 ? course.total_duration_minutes : course.estimated_hours * 60;

export function CourseCard({
  course,
  isAdmin,
  highlighted = false,
  enrolling = false,
  onEnroll,
}: CourseCardProps) {
  const navigate = useNavigate();
  const underConstruction = !course.is_published && !isAdmin;
  const canOpen = !underConstruction && (isAdmin || course.enrollment !== null);
  const href = `/app/course/${course.id}`;

  return (
    <Card
      withBorder
      padding="md"
      component="article"
      id={`course-${course.id}`}
      aria-labelledby={`course-title-${course.id}`}
      data-highlighted={highlighted || undefined}
      onClick={canOpen ? () => void navigate(href) : undefined}
      style={{
        cursor: canOpen ? 'pointer' : undefined,
        height: '100%',
        outline: highlighted ? '3px solid var(--mantine-color-jade-6)' : undefined,
        transition: 'outline-color 200ms',
      }}
    >
      <Card.Section>
        <Image src={course.thumbnail_url || DEFAULT_THUMBNAIL} alt="" h={160} fit="cover" />
      </Card.Section>
      <Stack gap={6} mt="sm" style={{ flex: 1 }}>
        <Group gap="xs">
          <Badge variant="light">{capitalise(course.skill_level)}</Badge>
          {isAdmin && (
            <Badge color={course.is_published ? 'jade' : 'gray.7'} variant="outline">
              {course.is_published ? 'Published' : 'Unpublished'}
            </Badge>
          )}
        </Group>
        <Title order={2} size="h4" id={`course-title-${course.id}`}>
          {canOpen ? (
            <Link to={href} onClick={(event) => event.stopPropagation()} style={{ color: 'inherit' }}>
              {course.title}
            </Link>
          ) : (
            course.title
          )}
        </Title>
        <Text size="sm" c="dimmed">
          {course.instructor_name}
        </Text>
        <Group gap="md">
          <Group gap={4}>
            <IconClock size={16} aria-hidden />
            <Text size="sm" aria-label={`Duration ${formatDuration(courseMinutes(course))}`}>
              {formatDuration(courseMinutes(course))}
            </Text>
          </Group>
          <Group gap={4}>
            <IconStar size={16} aria-hidden />
            <Text size="sm">
              {course.average_rating.toFixed(1)} ({course.total_reviews})
            </Text>
          </Group>
          <Group gap={4}>
            <IconUsers size={16} aria-hidden />
            <Text size="sm">
              {course.enrolled_students} {course.enrolled_students === 1 ? 'student' : 'students'}
            </Text>
          </Group>
        </Group>
      </Stack>
      <Group mt="md" justify="space-between" align="center">
        <CardStatus
          course={course}
          isAdmin={isAdmin}
          underConstruction={underConstruction}
          enrolling={enrolling}
          onEnroll={onEnroll}
        />
      </Group>
    </Card>
  );
}

function CardStatus({
  course,
  isAdmin,
  underConstruction,
  enrolling,
  onEnroll,
}: {
  course: CourseSummary;
  isAdmin: boolean;
  underConstruction: boolean;
  enrolling: boolean;
  onEnroll: (course: CourseSummary) => void;
}) {
  const price = (
    <Text fw={700}>{isFree(course) ? 'Free' : formatPrice(course.regular_price, course.currency)}</Text>
  );
  if (underConstruction)
    return (
      <Badge color="orange.4" autoContrast>
        Under Construction
      </Badge>
    );
  if (isAdmin) return price;
  if (course.enrollment?.completed_date) return <Badge color="jade">Completed</Badge>;
  if (course.enrollment) return <Badge color="blue.8">Currently Enrolled</Badge>;
  return (
    <>
      {price}
      <Button
        loading={enrolling}
        onClick={(event) => {
          event.stopPropagation();
          onEnroll(course);
        }}
      >
        {isFree(course) ? 'Enroll for Free' : 'Enroll Now'}
      </Button>
    </>
  );
}
