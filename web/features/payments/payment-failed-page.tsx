import { useState } from 'react';
import { Button, Text } from '@mantine/core';
import { IconAlertCircle, IconArrowBackUp } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { useStartCheckout } from './checkout';
import { failureCopy } from './payment-copy';
import { CountdownNotice, ResultPanel } from './result-panel';
import { useRedirectCountdown } from './use-redirect-countdown';

const CourseId = z.uuid();

/**
 * /payment/failed?course_id&reason: what went wrong in kind words, a way to try again (not after a
 * deliberate cancel), and a move on to the catalogue after a few seconds.
 */
export function PaymentFailedPage() {
  const [searchParams] = useSearchParams();
  const reason = searchParams.get('reason');
  const courseId = searchParams.get('course_id') ?? '';
  const copy = failureCopy(reason);
  const cancelled = reason === 'cancelled';
  const hasCourse = CourseId.safeParse(courseId).success;
  const canRetry = !cancelled && hasCourse;
  const checkout = useStartCheckout();
  // The contact form opens with the payment topic, the course and the reason filled in.
  const support = new URLSearchParams({
    topic: 'payment',
    ...(hasCourse ? { course_id: courseId } : {}),
    ...(reason ? { reason } : {}),
  });
  // Starting Try Again, or asking to stay, ends the countdown for good.
  const [stayed, setStayed] = useState(false);
  const remaining = useRedirectCountdown('/app/courses', !stayed);

  const handleTryAgain = () => {
    setStayed(true);
    checkout.start({ courseId });
  };

  return (
    <ResultPanel
      icon={cancelled ? <IconArrowBackUp size={36} /> : <IconAlertCircle size={36} />}
      color={cancelled ? 'gray' : 'red'}
      title={copy.title}
      actions={
        <>
          {canRetry && (
            <Button loading={checkout.isRedirecting} onClick={handleTryAgain}>
              Try Again
            </Button>
          )}
          <Button component={Link} to="/app/courses" variant={canRetry ? 'default' : 'filled'}>
            Browse Other Courses
          </Button>
          <Button component={Link} to="/app" variant="default">
            Dashboard
          </Button>
          <Button component={Link} to={`/contact?${support.toString()}`} variant="subtle">
            Get Support
          </Button>
        </>
      }
    >
      <Text size="lg">{copy.message}</Text>
      {!stayed && (
        <CountdownNotice destination="the courses" remaining={remaining} onStay={() => setStayed(true)} />
      )}
    </ResultPanel>
  );
}
