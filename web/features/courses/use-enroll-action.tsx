import { useState, type ReactNode } from 'react';
import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import type { CourseSummary } from '../../../common/courses';
import { useStartCheckout } from '../payments';
import { useSession } from '../../lib/session';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useEnroll } from './api';
import { formatPrice } from './course-format';

export const ENROLL_SUCCESS = 'Successfully enrolled in the course!';
export const NO_PRICING_MESSAGE = 'Course pricing information is not available';
export const MONEY_BACK_TEXT = '30-day money-back guarantee';
export const ONE_TIME_TEXT = 'One-time payment, lifetime access';
export const PAYMENT_NEXT_STEP = 'You will enter your card details on a secure payment page.';

export const enrollFailedMessage = (isSeries: boolean) =>
  `Failed to enroll in ${isSeries ? 'series' : 'course'}. Please try again.`;
export const loginToEnrollMessage = (isSeries: boolean) =>
  `Please log in to enroll in this ${isSeries ? 'series' : 'course'}`;

type EnrollTarget = Pick<CourseSummary, 'id' | 'title' | 'is_series' | 'regular_price' | 'currency'>;

export const isFree = (course: Pick<CourseSummary, 'regular_price'>) => course.regular_price === 0;

/**
 * The Enroll action the cards and the course page share: a free course enrols at once and opens;
 * a paid course asks for confirmation with its price, then goes to the card checkout.
 */
export function useEnrollAction(): {
  enroll: (course: EnrollTarget) => void;
  pendingId: string | null;
  dialog: ReactNode;
} {
  const { user } = useSession();
  const navigate = useNavigate();
  const mutation = useEnroll(user?.id);
  const [paidCourse, setPaidCourse] = useState<EnrollTarget | null>(null);
  const checkout = useStartCheckout();

  const enroll = (course: EnrollTarget) => {
    if (!user) {
      notifyError(loginToEnrollMessage(course.is_series));
      return;
    }
    if (typeof course.regular_price !== 'number' || Number.isNaN(course.regular_price)) {
      notifyError(NO_PRICING_MESSAGE);
      return;
    }
    if (!isFree(course)) {
      setPaidCourse(course);
      return;
    }
    mutation.mutate(course.id, {
      onSuccess: () => {
        notifySuccess(ENROLL_SUCCESS);
        void navigate(`/app/course/${course.id}`);
      },
      onError: () => notifyError(enrollFailedMessage(course.is_series)),
    });
  };

  const handleClose = () => {
    // Once the browser is on its way to the checkout, the dialog stays until the page changes.
    if (!checkout.isRedirecting) setPaidCourse(null);
  };

  const dialog = (
    <Modal
      opened={paidCourse !== null}
      onClose={handleClose}
      title={paidCourse ? `Enroll in ${paidCourse.title}` : 'Enroll'}
      centered
    >
      {paidCourse && (
        <Stack gap="md">
          <Text size="xl" fw={700}>
            {formatPrice(paidCourse.regular_price, paidCourse.currency)}
          </Text>
          <List size="sm" spacing={4} icon={<IconCheck size={16} aria-hidden />}>
            <List.Item>{ONE_TIME_TEXT}</List.Item>
            <List.Item>{MONEY_BACK_TEXT}</List.Item>
          </List>
          <Text size="sm" c="dimmed">
            {PAYMENT_NEXT_STEP}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={handleClose} disabled={checkout.isRedirecting}>
              Cancel
            </Button>
            <Button
              loading={checkout.isRedirecting}
              onClick={() =>
                checkout.start({ courseId: paidCourse.id, coursePrice: paidCourse.regular_price })
              }
            >
              Continue to payment
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );

  return { enroll, pendingId: mutation.isPending ? (mutation.variables ?? null) : null, dialog };
}
