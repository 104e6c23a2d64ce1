import { useMemo, useRef, useState, type ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Avatar,
  Button,
  Center,
  Container,
  Group,
  Image,
  List,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconClock, IconEye, IconStar, IconUsers } from '@tabler/icons-react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { CourseDetail } from '../../../common/courses';
import { CoursePattern } from '../../components/brand';
import { isNotFound } from '../../lib/api-client';
import { formatDate } from '../../lib/format';
import { usePageTitle } from '../../lib/page-title';
import { useSession } from '../../lib/session';
import { useCourse, useLessonProgress, useListedCourse } from './api';
import classes from './course-detail-page.module.css';
import { capitalise, capProgress, formatCourseDuration, formatDuration, splitLines } from './course-format';
import { artOfCourse, courseImageProps, HEADER_IMAGE_SIZES } from './course-image';
import { CourseOutline } from './course-outline';
import { PurchaseCard, StickyPurchaseBar, useOutOfView, type PurchaseActions } from './course-purchase';
import { LessonViewer, type LessonSlots } from './lesson-viewer';
import { useEnrollAction } from './use-enroll-action';

export const COURSE_LOAD_ERROR = 'Failed to load course data. Please try again later.';
export const COURSE_NOT_FOUND_TEXT = 'Course not found.';
export const NO_REVIEWS_TEXT = 'No reviews yet';

export interface CourseReviewsSlotProps {
  courseId: string;
  courseTitle: string;
  /** Enrolled students of a course that has lessons; admins and visitors only read. */
  canReview: boolean;
}

export interface CourseDetailPageProps {
  /** The reviews section, composed in web/app (features do not import each other). */
  renderReviews?: (props: CourseReviewsSlotProps) => ReactNode;
  /** What the lesson viewer shows of other features (a lesson's marked text, its actions), composed in web/app. */
  lessonSlots?: LessonSlots;
}

export function CourseDetailPage({ renderReviews, lessonSlots }: CourseDetailPageProps) {
  const { courseId = '' } = useParams();
  const { user } = useSession();
  const isAdmin = Boolean(user?.is_admin);
  const course = useCourse(courseId);
  const notFound = course.isError && isNotFound(course.error);
  const listed = useListedCourse(courseId, notFound && !isAdmin);
  usePageTitle(course.data?.title ?? listed.data?.title);

  if (course.isPending || (notFound && !isAdmin && listed.isPending)) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading course" />
      </Center>
    );
  }
  if (course.isError) {
    const underConstruction = notFound && listed.data && !listed.data.is_published;
    return (
      <Container size="md" py="xl">
        {underConstruction ? (
          <Stack align="flex-start">
            <Title order={1}>{listed.data?.title}</Title>
            <Alert color="orange" title="Under Construction" icon={<IconAlertTriangle aria-hidden />}>
              This course is under construction. Please check back later.
            </Alert>
          </Stack>
        ) : (
          <Alert color="red" role="alert" variant="filled">
            {notFound ? COURSE_NOT_FOUND_TEXT : COURSE_LOAD_ERROR}
          </Alert>
        )}
        <Button component={Link} to="/app/courses" variant="default" mt="md">
          Back to courses
        </Button>
      </Container>
    );
  }
  return (
    <CourseDetailView
      course={course.data}
      isAdmin={isAdmin}
      userId={user?.id ?? ''}
      renderReviews={renderReviews}
      lessonSlots={lessonSlots}
    />
  );
}

function CourseDetailView({
  course,
  isAdmin,
  userId,
  renderReviews,
  lessonSlots,
}: {
  course: CourseDetail;
  isAdmin: boolean;
  userId: string;
  renderReviews?: CourseDetailPageProps['renderReviews'];
  lessonSlots?: LessonSlots;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const enrolled = course.enrollment !== null;
  const lessonProgress = useLessonProgress(userId, course.id, enrolled && !isAdmin && Boolean(userId));
  const [overrides, setOverrides] = useState<Map<string, boolean>>(() => new Map());
  const { enroll, pendingId, dialog } = useEnrollAction();
  const purchaseRef = useRef<HTMLDivElement>(null);
  const purchaseOutOfView = useOutOfView(purchaseRef);

  const lessons = useMemo(() => course.modules.flatMap((module) => module.lessons), [course.modules]);
  const completed = useMemo(() => {
    const ids = new Set((lessonProgress.data ?? []).map((item) => item.lesson_id));
    overrides.forEach((done, id) => (done ? ids.add(id) : ids.delete(id)));
    return ids;
  }, [lessonProgress.data, overrides]);

  const serverProgress = course.enrollment?.progress ?? 0;
  const optimisticProgress = lessons.length ? (completed.size / lessons.length) * 100 : 0;
  const progress = capProgress(
    overrides.size ? Math.max(serverProgress, optimisticProgress) : serverProgress,
  );

  const openLessonId = searchParams.get('lesson');
  const canOpenLessons = course.has_content_access && (isAdmin || enrolled);
  const setLesson = (lessonId: string | null) =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (lessonId) next.set('lesson', lessonId);
        else next.delete('lesson');
        return next;
      },
      { replace: Boolean(lessonId && openLessonId) },
    );
  const setCompleted = (lessonId: string, done: boolean) =>
    setOverrides((current) => new Map(current).set(lessonId, done));

  const prerequisites = splitLines(course.prerequisites);
  const objectives = splitLines(course.learning_objectives);
  const firstLesson = lessons[0];
  const actions: PurchaseActions = {
    enrolled,
    isAdmin,
    progress,
    enrolling: pendingId === course.id,
    onEnroll: () => enroll(course),
    onContinue: firstLesson
      ? () => setLesson(lessons.find((l) => !completed.has(l.id))?.id ?? firstLesson.id)
      : null,
  };

  return (
    <Container size="xl" className={classes.page}>
      <Stack gap="lg">
        {isAdmin && (
          <Alert color="blue" title="Admin Preview Mode" icon={<IconEye aria-hidden />}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">
                You are viewing this course as an administrator. Progress and quiz results are not saved.
              </Text>
              {!course.is_published && (
                <Text size="sm" c="var(--mantine-color-orange-light-color)" fw={600}>
                  This course is unpublished: students see it as Under Construction.
                </Text>
              )}
              {firstLesson && (
                <Anchor component={Link} to={`?lesson=${firstLesson.id}`} fw={600}>
                  Preview Course
                </Anchor>
              )}
            </Stack>
          </Alert>
        )}
        {/*
          One order for every width: the price and the main action follow the title, so on a small
          screen they come before the syllabus; from the md breakpoint they stand in a column
          beside the content (course-detail-page.module.css).
        */}
        <div className={classes.layout}>
          <Stack gap="md" className={classes.head}>
            {/* The page's first image: fetched at once, not lazily. */}
            {course.thumbnail_url ? (
              <Image
                {...courseImageProps(course.thumbnail_url, HEADER_IMAGE_SIZES, { eager: true })}
                alt=""
                radius="md"
                mah={320}
                fit="cover"
              />
            ) : (
              <div className={classes.cover}>
                <CoursePattern seed={course.id} art={artOfCourse(course.title)} />
              </div>
            )}
            <Title order={1}>{course.title}</Title>
            <Group gap="lg">
              <Group gap={4}>
                <IconStar size={18} aria-hidden />
                <Text>
                  {course.total_reviews > 0
                    ? `${course.average_rating.toFixed(1)} (${course.total_reviews} ${
                        course.total_reviews === 1 ? 'review' : 'reviews'
                      })`
                    : NO_REVIEWS_TEXT}
                </Text>
              </Group>
              <Group gap={4}>
                <IconClock size={18} aria-hidden />
                <Text>{formatCourseDuration(course)}</Text>
              </Group>
              <Group gap={4}>
                <IconUsers size={18} aria-hidden />
                <Text>
                  {course.enrolled_students} {course.enrolled_students === 1 ? 'student' : 'students'}
                </Text>
              </Group>
            </Group>
          </Stack>
          <div className={classes.aside}>
            <PurchaseCard course={course} actions={actions} cardRef={purchaseRef} />
          </div>
          <Stack gap="md" className={classes.body}>
            <Group gap="sm">
              <Avatar src={course.instructor_avatar} alt="" radius="xl">
                {course.instructor_name.charAt(0)}
              </Avatar>
              <div>
                <Text size="xs" c="dimmed">
                  Instructor
                </Text>
                <Text fw={600}>{course.instructor_name}</Text>
              </div>
            </Group>
            <Group gap="xl">
              <Fact label="Skill level" value={capitalise(course.skill_level)} />
              <Fact label="Language" value={course.language} />
              <Fact label="Last updated" value={formatDate(course.updated_at)} />
            </Group>
            <Section title="About this course">
              {course.description.split(/\r?\n\s*\r?\n/).map((paragraph, i) => (
                <Text key={i} className={classes.paragraph}>
                  {paragraph}
                </Text>
              ))}
            </Section>
            {prerequisites.length > 0 && (
              <Section title="Prerequisites">
                <List>
                  {prerequisites.map((line, i) => (
                    <List.Item key={i}>{line}</List.Item>
                  ))}
                </List>
              </Section>
            )}
            {objectives.length > 0 && (
              <Section title="What you will learn">
                <List>
                  {objectives.map((line, i) => (
                    <List.Item key={i}>{line}</List.Item>
                  ))}
                </List>
              </Section>
            )}
            <Section title="Course content">
              <Text size="sm" c="dimmed">
                {syllabusSummary(course.modules.length, lessons)}
                {!canOpenLessons && lessons.length > 0 && ' · Lessons unlock when you enroll'}
              </Text>
              <CourseOutline
                modules={course.modules}
                completed={completed}
                onOpenLesson={canOpenLessons ? (id) => setLesson(id) : null}
              />
            </Section>
            {renderReviews?.({
              courseId: course.id,
              courseTitle: course.title,
              canReview: enrolled && !isAdmin && course.lesson_count > 0,
            })}
          </Stack>
        </div>
      </Stack>
      {purchaseOutOfView && <StickyPurchaseBar course={course} actions={actions} />}
      {openLessonId && canOpenLessons && (
        <LessonViewer
          courseId={course.id}
          userId={userId}
          isAdmin={isAdmin}
          lessons={lessons}
          lessonId={openLessonId}
          completed={completed}
          onNavigate={(id) => setLesson(id)}
          onClose={() => setLesson(null)}
          onCompletedChange={setCompleted}
          {...lessonSlots}
        />
      )}
      {dialog}
    </Container>
  );
}

/** "2 modules · 7 lessons · 1 h 5 min in total": what a buyer gets, before the outline itself. */
function syllabusSummary(modules: number, lessons: { duration_minutes: number }[]) {
  const minutes = lessons.reduce((sum, lesson) => sum + lesson.duration_minutes, 0);
  const parts = [
    `${modules} ${modules === 1 ? 'module' : 'modules'}`,
    `${lessons.length} ${lessons.length === 1 ? 'lesson' : 'lessons'}`,
  ];
  if (minutes > 0) parts.push(`${formatDuration(minutes)} in total`);
  return parts.join(' · ');
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={500}>{value}</Text>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section">
      <Title order={2} size="h3">
        {title}
      </Title>
      {children}
    </Stack>
  );
}
