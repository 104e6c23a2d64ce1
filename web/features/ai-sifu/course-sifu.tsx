import { lazy, Suspense } from 'react';
import { Button } from '@mantine/core';
import { IconMessageChatbot } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { courseQueries } from '../courses';
import { useSession } from '../../lib/session';

// The widget's code loads only for a student who may use it.
const SifuWidget = lazy(async () => ({ default: (await import('./sifu-widget')).SifuWidget }));

/** The search parameter naming a lesson the student asks AI Sifu about (the lesson viewer closes for it). */
const ASK_ABOUT = 'ask-sifu';

/** The course page's course and signed-in user, when AI Sifu is theirs: an enrolled student, never an administrator. */
function useSifuCourse() {
  const { courseId = '' } = useParams();
  const { user } = useSession();
  const course = useQuery({ ...courseQueries.detail(courseId), enabled: courseId !== '' });
  if (!user || user.is_admin || !course.data || course.data.enrollment === null) return null;
  return { user, course: course.data };
}

/**
 * AI Sifu beside the course page. It reads the course the page has already loaded, and starts
 * afresh, greeting included, for another student or another course.
 */
export function CourseSifu() {
  const sifu = useSifuCourse();
  const [params, setParams] = useSearchParams();
  if (!sifu) return null;
  const { user, course } = sifu;
  const aboutId = params.get(ASK_ABOUT);
  const about = aboutId
    ? course.modules.flatMap((module) => module.lessons).find((lesson) => lesson.id === aboutId)
    : undefined;
  return (
    <Suspense fallback={null}>
      <SifuWidget
        key={`${user.id}:${course.id}`}
        userId={user.id}
        courseId={course.id}
        courseTitle={course.title}
        askAbout={about?.title ?? null}
        onAskAboutTaken={() =>
          setParams(
            (current) => {
              const next = new URLSearchParams(current);
              next.delete(ASK_ABOUT);
              return next;
            },
            { replace: true },
          )
        }
      />
    </Suspense>
  );
}

/**
 * In the lesson viewer: closes the lesson and opens AI Sifu with a question about it begun, since
 * the viewer covers the page and the tutor with it.
 */
export function AskSifuAboutLesson({ lessonId }: { lessonId: string }) {
  const sifu = useSifuCourse();
  const [, setParams] = useSearchParams();
  if (!sifu) return null;
  return (
    <Button
      variant="light"
      size="xs"
      leftSection={<IconMessageChatbot size={16} aria-hidden />}
      onClick={() =>
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            next.delete('lesson');
            next.set(ASK_ABOUT, lessonId);
            return next;
          },
          { replace: true },
        )
      }
    >
      Ask AI Sifu about this lesson
    </Button>
  );
}
