import { Badge, Button, Card, Group, Image, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconClock, IconStar, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { CourseSummary } from '../../../common/courses';
import { CoursePattern } from '../../components/brand';
import classes from './course-card.module.css';
import { capitalise, formatCourseDuration, formatPrice } from './course-format';
import { artOfCourse, CARD_IMAGE_SIZES, courseImageProps } from './course-image';
import { isFree } from './use-enroll-action';

/** A course's rating as cards show it: "New" until its first published review. */
export const ratingLabel = (course: Pick<CourseSummary, 'average_rating' | 'total_reviews'>) =>
  course.total_reviews > 0 ? `${course.average_rating.toFixed(1)} (${course.total_reviews})` : 'New';

export interface CourseCardProps {
  course: CourseSummary;
  isAdmin: boolean;
  highlighted?: boolean;
  enrolling?: boolean;
  onEnroll: (course: CourseSummary) => void;
}

export function CourseCard({
  course,
  isAdmin,
  highlighted = false,
  enrolling = false,
  onEnroll,
}: CourseCardProps) {
  const underConstruction = !course.is_published && !isAdmin;

  return (
    <Card
      withBorder
      padding="md"
      component="article"
      id={`course-${course.id}`}
      aria-labelledby={`course-title-${course.id}`}
      data-highlighted={highlighted || undefined}
      className={classes.card}
    >
      <Card.Section>
        {course.thumbnail_url ? (
          <Image {...courseImageProps(course.thumbnail_url, CARD_IMAGE_SIZES)} alt="" h={160} fit="cover" />
        ) : (
          <div className={classes.cover}>
            <CoursePattern seed={course.id} art={artOfCourse(course.title)} />
          </div>
        )}
      </Card.Section>
      <Stack gap={6} mt="sm" className={classes.body}>
        <Group gap="xs">
          <Badge variant="light">{capitalise(course.skill_level)}</Badge>
          {isAdmin && (
            <Badge color={course.is_published ? 'jade' : 'gray'} variant="outline">
              {course.is_published ? 'Published' : 'Unpublished'}
            </Badge>
          )}
        </Group>
        <Title order={2} size="h4" id={`course-title-${course.id}`}>
          {/* Every card opens its course: the sales page before enrolling, the lessons after. */}
          <Link to={`/app/course/${course.id}`} className={classes.titleLink}>
            {course.title}
          </Link>
        </Title>
        <Text size="sm" c="dimmed">
          {course.instructor_name}
        </Text>
        <Group gap="md">
          <Group gap={4}>
            <IconClock size={16} aria-hidden />
            <Text size="sm">
              <VisuallyHidden>Duration </VisuallyHidden>
              {formatCourseDuration(course)}
            </Text>
          </Group>
          <Group gap={4}>
            <IconStar size={16} aria-hidden />
            <Text size="sm">{ratingLabel(course)}</Text>
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
      <Button className={classes.action} loading={enrolling} onClick={() => onEnroll(course)}>
        {isFree(course) ? 'Enroll for Free' : 'Enroll Now'}
      </Button>
    </>
  );
}
