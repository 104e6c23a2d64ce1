import { Badge, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import {
  ADMIN_BOOKINGS_WINDOW_DAYS,
  APPOINTMENT_TYPE_LABELS,
  BOOKING_MESSAGES,
  BOOKING_STATUS_COLORS,
  BOOKING_STATUS_LABELS,
  BOOKING_STATUSES,
  type BookingStatus,
  type AdminBookingInput,
  type Booking,
} from '../../../common/bookings';
import { addDays, schoolDate, schoolTime, shortSchoolDateTime } from '../../../common/school-time';
import { AdminRowList } from '../../components/admin-row-list';
import { ConfirmDialog } from '../../components/dialogs';
import { pageCount, PrevNextPager } from '../../components/prev-next-pager';
import { StatusFilter } from '../../components/status-filter';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useSchoolTimezone } from '../../lib/school-timezone';
import {
  ADMIN_BOOKINGS_PAGE_SIZE,
  useAdminBookings,
  useCancelBooking,
  useCreateBooking,
  useDeleteBooking,
  useUpdateBooking,
} from './api';
import { BookingForm } from './booking-form';
import classes from '../../components/panel-list.module.css';

/** The modal's modes: view, create, edit. */
type Mode = { name: 'view'; booking: Booking } | { name: 'create' } | { name: 'edit'; booking: Booking };
const TITLES = { view: 'Booking', create: 'Create Booking', edit: 'Edit Booking' } as const;

function StatusBadge({ status }: { status: BookingStatus }) {
  return (
    <Badge size="sm" variant="dot" color={BOOKING_STATUS_COLORS[status]}>
      {BOOKING_STATUS_LABELS[status]}
    </Badge>
  );
}

interface BookingDetailsProps {
  booking: Booking;
  timezone: string;
  onEdit: () => void;
  onCancelBooking: () => void;
  onDelete: () => void;
}

function BookingDetails({ booking, timezone, onEdit, onCancelBooking, onDelete }: BookingDetailsProps) {
  const rows: [string, string][] = [
    ['Type', APPOINTMENT_TYPE_LABELS[booking.appointment_type]],
    ['Email', booking.email],
    ['Phone', booking.phone_number ?? '—'],
    ['Start', shortSchoolDateTime(booking.start_time, timezone)],
    ['End', shortSchoolDateTime(booking.end_time, timezone)],
    ['Notes', booking.notes ?? '—'],
  ];
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text fw={600}>{booking.full_name}</Text>
        <StatusBadge status={booking.status} />
      </Group>
      <dl className={classes.details}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <Group justify="flex-end" gap="xs">
        <Button variant="subtle" color="red" onClick={onDelete}>
          Delete
        </Button>
        {booking.status !== 'cancelled' && (
          <Button variant="default" onClick={onCancelBooking}>
            Cancel booking
          </Button>
        )}
        <Button onClick={onEdit}>Edit</Button>
      </Group>
    </Stack>
  );
}

/**
 * The admin dashboard's Booking Management panel: a status filter, the bookings from
 * today to +30 days on the school's clock (widened a window at a time on request), a modal to view,
 * create and edit one, and confirmed cancel and delete.
 */
export function BookingManagement() {
  const timezone = useSchoolTimezone();
  const [status, setStatus] = useState<BookingStatus | null>(null);
  const [windows, setWindows] = useState(1);
  const [page, setPage] = useState(0);
  const from = schoolDate(new Date(), timezone);
  const to = addDays(from, ADMIN_BOOKINGS_WINDOW_DAYS * windows);
  const list = useAdminBookings({ status, from, to }, page);
  const pages = pageCount(list.data?.total ?? 0, ADMIN_BOOKINGS_PAGE_SIZE);
  const [mode, setMode] = useState<Mode | null>(null);
  const [confirming, setConfirming] = useState<{ action: 'cancel' | 'delete'; booking: Booking } | null>(
    null,
  );
  const create = useCreateBooking();
  const update = useUpdateBooking();
  const cancel = useCancelBooking();
  const remove = useDeleteBooking();

  const close = () => setMode(null);

  const save =
    (booking?: Booking) => (input: AdminBookingInput, showServerErrors: (error: unknown) => boolean) => {
      const callbacks = {
        onSuccess: ({ booking: saved }: { booking: Booking }) => {
          notifySuccess(booking ? 'Booking updated' : 'Booking created');
          setMode({ name: 'view', booking: saved });
        },
        onError: (error: unknown) => {
          if (!showServerErrors(error)) notifyError(BOOKING_MESSAGES.saveFailed);
        },
      };
      if (booking) update.mutate({ id: booking.id, input }, callbacks);
      else create.mutate(input, callbacks);
    };

  const confirm = () => {
    if (!confirming) return;
    const { action, booking } = confirming;
    const done = () => setConfirming(null);
    if (action === 'cancel') {
      cancel.mutate(booking.id, {
        onSuccess: () => {
          notifySuccess('Booking cancelled');
          setMode({ name: 'view', booking: { ...booking, status: 'cancelled' } });
        },
        onError: () => notifyError(BOOKING_MESSAGES.saveFailed),
        onSettled: done,
      });
    } else {
      remove.mutate(booking.id, {
        onSuccess: () => {
          notifySuccess('Booking deleted');
          close();
          if (list.data?.bookings.length === 1 && page > 0) setPage((p) => p - 1);
        },
        // A failed booking delete is only logged; the list still shows the booking.
        onError: (error) => console.error('Booking delete failed', error),
        onSettled: done,
      });
    }
  };

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="booking-management-title">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} size="h4" id="booking-management-title">
          Booking Management
        </Title>
        <Group gap="xs">
          <StatusFilter
            label="Filter bookings by status"
            statuses={BOOKING_STATUSES}
            labels={BOOKING_STATUS_LABELS}
            value={status}
            onChange={(next) => {
              setStatus(next);
              setPage(0);
            }}
            width={150}
          />
          <Button
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => setMode({ name: 'create' })}
          >
            New Booking
          </Button>
        </Group>
      </Group>
      <Text size="xs" c="dimmed" mb="xs">
        {`${from} to ${to} · school time`}
      </Text>
      <AdminRowList
        query={list}
        items={(data) => data.bookings}
        label="Bookings"
        loadingLabel="Loading bookings"
        emptyText={BOOKING_MESSAGES.empty}
        onOpen={(booking) => setMode({ name: 'view', booking })}
        row={(booking) => ({
          label: `${booking.full_name}, ${shortSchoolDateTime(booking.start_time, timezone)}, ${BOOKING_STATUS_LABELS[booking.status]}`,
          title: booking.full_name,
          detail: `${shortSchoolDateTime(booking.start_time, timezone)}–${schoolTime(booking.end_time, timezone)} · ${APPOINTMENT_TYPE_LABELS[booking.appointment_type]}`,
          badges: <StatusBadge status={booking.status} />,
        })}
      />
      <PrevNextPager page={page} pages={pages} onChange={setPage} />
      <Group justify="center" mt="xs">
        <Button
          size="xs"
          variant="subtle"
          onClick={() => {
            setWindows((n) => n + 1);
            setPage(0);
          }}
        >
          Show later bookings
        </Button>
      </Group>
      <Modal opened={mode !== null} onClose={close} title={mode ? TITLES[mode.name] : ''} size="lg" centered>
        {mode?.name === 'view' && (
          <BookingDetails
            booking={mode.booking}
            timezone={timezone}
            onEdit={() => setMode({ name: 'edit', booking: mode.booking })}
            onCancelBooking={() => setConfirming({ action: 'cancel', booking: mode.booking })}
            onDelete={() => setConfirming({ action: 'delete', booking: mode.booking })}
          />
        )}
        {mode?.name === 'create' && (
          <BookingForm timezone={timezone} saving={create.isPending} onSubmit={save()} onCancel={close} />
        )}
        {mode?.name === 'edit' && (
          <BookingForm
            key={mode.booking.id}
            booking={mode.booking}
            timezone={timezone}
            saving={update.isPending}
            onSubmit={save(mode.booking)}
            onCancel={() => setMode({ name: 'view', booking: mode.booking })}
          />
        )}
      </Modal>
      <ConfirmDialog
        opened={confirming !== null}
        title={confirming?.action === 'cancel' ? 'Cancel Booking' : 'Delete Booking'}
        confirmLabel={confirming?.action === 'cancel' ? 'Cancel booking' : 'Delete'}
        confirmColor="red"
        irreversible
        loading={cancel.isPending || remove.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={confirm}
      >
        <Text>
          {confirming?.action === 'cancel'
            ? `Cancel the booking of ${confirming.booking.full_name}?`
            : `Delete the booking of ${confirming?.booking.full_name ?? ''}?`}
        </Text>
      </ConfirmDialog>
    </Card>
  );
}
