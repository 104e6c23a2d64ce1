import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import {
  TESTIMONIAL_MESSAGES,
  TESTIMONIAL_STATUS_LABELS,
  type Testimonial,
  type TestimonialFilter,
  type TestimonialStatus,
} from '../../../common/testimonials';
import { ConfirmDeleteDialog } from '../../components/dialogs';
import { pageCount, PrevNextPager } from '../../components/prev-next-pager';
import { formatDate } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import {
  ADMIN_TESTIMONIALS_PAGE_SIZE,
  useAdminTestimonials,
  useApproveTestimonial,
  useDeleteTestimonial,
  useRejectTestimonial,
  useTestimonialStats,
  useToggleFeatured,
} from './api';
import classes from './testimonials-list.module.css';

const STATUS_COLORS: Record<TestimonialStatus, string> = {
  pending: 'yellow',
  approved: 'jade',
  rejected: 'gray',
};
const FILTERS: { value: TestimonialFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
];

function Stats() {
  const stats = useTestimonialStats();
  if (!stats.data) return null;
  const items: [string, number][] = [
    ['Total', stats.data.total],
    ['Approved', stats.data.approved],
    ['Pending', stats.data.pending],
    ['Rejected', stats.data.rejected],
    ['Featured', stats.data.featured],
  ];
  return (
    <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs" role="group" aria-label="Testimonial counts">
      {items.map(([label, value]) => (
        <div key={label} className={classes.stat}>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text fw={700} size="lg">
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

export interface TestimonialsListProps {
  onAdd: () => void;
  onEdit: (testimonial: Testimonial) => void;
}

/** The modal's list view: counts, a status filter, and each testimonial with its moderation actions. */
export function TestimonialsList({ onAdd, onEdit }: TestimonialsListProps) {
  const [status, setStatus] = useState<TestimonialFilter>('all');
  const [page, setPage] = useState(0);
  const list = useAdminTestimonials(status, page);
  const approve = useApproveTestimonial();
  const reject = useRejectTestimonial();
  const feature = useToggleFeatured();
  const remove = useDeleteTestimonial();
  const [deleting, setDeleting] = useState<Testimonial | null>(null);
  const pages = pageCount(list.data?.total ?? 0, ADMIN_TESTIMONIALS_PAGE_SIZE);

  useEffect(() => {
    if (list.isError) notifyError(TESTIMONIAL_MESSAGES.loadFailed);
  }, [list.isError]);

  const handleFilter = (value: string) => {
    setStatus(value as TestimonialFilter);
    setPage(0);
  };

  const handleApprove = (testimonial: Testimonial) =>
    approve.mutate(testimonial.id, {
      onSuccess: () => notifySuccess(TESTIMONIAL_MESSAGES.approved),
      onError: () => notifyError(TESTIMONIAL_MESSAGES.approveFailed),
    });

  const handleReject = (testimonial: Testimonial) =>
    reject.mutate(testimonial.id, {
      onSuccess: () => notifySuccess(TESTIMONIAL_MESSAGES.rejected),
      onError: () => notifyError(TESTIMONIAL_MESSAGES.updateFailed),
    });

  const handleFeature = (testimonial: Testimonial) =>
    feature.mutate(testimonial.id, {
      onSuccess: () => notifySuccess(TESTIMONIAL_MESSAGES.featured),
      onError: () => notifyError(TESTIMONIAL_MESSAGES.updateFailed),
    });

  const handleDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifySuccess(TESTIMONIAL_MESSAGES.deleted);
        // The last testimonial of the last page is gone: step back a page.
        if (list.data?.testimonials.length === 1 && page > 0) setPage((p) => p - 1);
      },
      onError: () => notifyError(TESTIMONIAL_MESSAGES.deleteFailed),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Stack gap="md">
      <Stats />
      <Group justify="space-between">
        <SegmentedControl
          aria-label="Status"
          data={FILTERS}
          value={status}
          onChange={handleFilter}
          size="xs"
        />
        <Button size="xs" onClick={onAdd}>
          Add Testimonial
        </Button>
      </Group>
      {list.isPending ? (
        <Text c="dimmed">Loading testimonials…</Text>
      ) : list.isError ? (
        <Alert color="red">{TESTIMONIAL_MESSAGES.loadFailed}</Alert>
      ) : list.data.testimonials.length === 0 ? (
        <Text c="dimmed">{TESTIMONIAL_MESSAGES.empty}</Text>
      ) : (
        <Stack gap="sm">
          {list.data.testimonials.map((testimonial) => (
            <Card
              key={testimonial.id}
              withBorder
              padding="sm"
              component="article"
              aria-label={`Testimonial by ${testimonial.student_name}`}
            >
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={600} size="sm">
                    {testimonial.student_name}
                  </Text>
                  <Group gap={4}>
                    {testimonial.is_featured && (
                      <Badge size="sm" variant="light">
                        Featured
                      </Badge>
                    )}
                    <Badge size="sm" variant="filled" color={STATUS_COLORS[testimonial.status]}>
                      {TESTIMONIAL_STATUS_LABELS[testimonial.status]}
                    </Badge>
                  </Group>
                </Group>
                <Text size="xs" c="dimmed">
                  {[
                    testimonial.instructor_context,
                    testimonial.student_location,
                    testimonial.student_email,
                    formatDate(testimonial.submitted_at),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
                <Text size="sm" lineClamp={3}>
                  {testimonial.testimonial_text}
                </Text>
                <Group gap="xs" justify="space-between">
                  <Group gap="xs">
                    {testimonial.status !== 'approved' && (
                      <Button size="xs" color="jade" onClick={() => handleApprove(testimonial)}>
                        Approve
                      </Button>
                    )}
                    {testimonial.status === 'pending' && (
                      <Button size="xs" variant="default" onClick={() => handleReject(testimonial)}>
                        Reject
                      </Button>
                    )}
                    <Button size="xs" variant="default" onClick={() => onEdit(testimonial)}>
                      Edit
                    </Button>
                    <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(testimonial)}>
                      Delete
                    </Button>
                  </Group>
                  <Switch
                    size="sm"
                    label="Featured"
                    checked={testimonial.is_featured}
                    disabled={testimonial.status === 'rejected'}
                    onChange={() => handleFeature(testimonial)}
                  />
                </Group>
              </Stack>
            </Card>
          ))}
        </Stack>
      )}
      <PrevNextPager page={page} pages={pages} onChange={setPage} />
      <ConfirmDeleteDialog
        opened={deleting !== null}
        title="Delete Testimonial"
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={handleDelete}
      >
        {`Delete the testimonial by ${deleting?.student_name ?? ''}?`}
      </ConfirmDeleteDialog>
    </Stack>
  );
}
