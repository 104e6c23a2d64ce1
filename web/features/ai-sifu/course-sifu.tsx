import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { queries } from '../../lib/queries';
import { useSession } from '../../lib/session';

// The widget's code loads only for a student who may use it.
const SifuWidget = lazy(async () => ({ default: (await import('./sifu-widget')).SifuWidget }));

/**
 * AI Sifu beside the course page: shown only to enrolled students, never to administrators
 * (spec 2 §2). It reads the course the page has already loaded, and starts afresh, greeting
 * included, for another student or another course.
 */
export function CourseSifu() {
  const { courseId = '' } = useParams();
  const { user } = useSession();
  const course = useQuery({ ...queries.courses.detail(courseId), enabled: courseId !== '' });
  if (!user || user.is_admin || !course.data || course.data.enrollment === null) return null;
  return (
    <Suspense fallback={null}>
      <SifuWidget
        key={`${user.id}:${course.data.id}`}
        userId={user.id}
        courseId={course.data.id}
        courseTitle={course.data.title}
      />
    </Suspense>
  );
}
