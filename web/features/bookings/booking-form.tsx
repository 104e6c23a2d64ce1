import { Button, Group, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import {
  AdminBookingInput,
  APPOINTMENT_TYPE_LABELS,
  APPOINTMENT_TYPES,
  BOOKING_STATUS_LABELS,
  BOOKING_STATUSES,
  type AppointmentType,
  type Booking,
  type BookingStatus,
} from '../../../common/bookings';
import { useSchemaForm } from '../../lib/form';
import { fromSchoolLocal, toSchoolLocal } from '../../../common/school-time';

export interface BookingValues {
  appointment_type: AppointmentType;
  full_name: string;
  email: string;
  phone_number: string;
  notes: string;
  /** The school's local date and time, "2026-03-08T18:30". */
  start_time: string;
  end_time: string;
  status: BookingStatus;
}

const FIELDS = [
  'appointment_type',
  'full_name',
  'email',
  'phone_number',
  'notes',
  'start_time',
  'end_time',
  'status',
] as const;

const TYPE_OPTIONS = APPOINTMENT_TYPES.map((value) => ({ value, label: APPOINTMENT_TYPE_LABELS[value] }));
const STATUS_OPTIONS = BOOKING_STATUSES.map((value) => ({ value, label: BOOKING_STATUS_LABELS[value] }));

export const bookingValues = (tz: string, booking?: Booking): BookingValues => ({
  appointment_type: booking?.appointment_type ?? 'private_class',
  full_name: booking?.full_name ?? '',
  email: booking?.email ?? '',
  phone_number: booking?.phone_number ?? '',
  notes: booking?.notes ?? '',
  start_time: booking ? toSchoolLocal(booking.start_time, tz) : '',
  end_time: booking ? toSchoolLocal(booking.end_time, tz) : '',
  status: booking?.status ?? 'scheduled',
});

/** The request: the school's local times sent as instants. */
export const bookingInput = (values: BookingValues, tz: string): AdminBookingInput => ({
  ...values,
  start_time: fromSchoolLocal(values.start_time, tz),
  end_time: fromSchoolLocal(values.end_time, tz),
});

export interface BookingFormProps {
  booking?: Booking;
  /** The school's time zone: the times are entered and shown on its clock. */
  timezone: string;
  saving: boolean;
  onSubmit: (input: AdminBookingInput, showServerErrors: (error: unknown) => boolean) => void;
  onCancel: () => void;
}

/** The admin booking form: type, name, e-mail, start and end required; phone, notes optional. */
export function BookingForm({ booking, timezone, saving, onSubmit, onCancel }: BookingFormProps) {
  const {
    form,
    onSubmit: submitWith,
    showServerErrors,
  } = useSchemaForm<BookingValues>({
    schema: AdminBookingInput,
    initialValues: bookingValues(timezone, booking),
    toInput: (values) => bookingInput(values, timezone),
    serverFields: FIELDS,
  });
  const zone = timezone.replace(/_/g, ' ');

  return (
    <form
      noValidate
      aria-label={booking ? 'Edit booking' : 'Create booking'}
      onSubmit={submitWith((values) => onSubmit(bookingInput(values, timezone), showServerErrors))}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label="Type"
            required
            data={TYPE_OPTIONS}
            allowDeselect={false}
            {...form.getInputProps('appointment_type')}
          />
          <Select
            label="Status"
            data={STATUS_OPTIONS}
            allowDeselect={false}
            {...form.getInputProps('status')}
          />
        </SimpleGrid>
        <TextInput label="Full name" required data-autofocus {...form.getInputProps('full_name')} />
        <TextInput label="Email" type="email" required {...form.getInputProps('email')} />
        <TextInput label="Phone" type="tel" {...form.getInputProps('phone_number')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Start"
            type="datetime-local"
            required
            description={`School time (${zone})`}
            {...form.getInputProps('start_time')}
          />
          <TextInput
            label="End"
            type="datetime-local"
            required
            description={`School time (${zone})`}
            {...form.getInputProps('end_time')}
          />
        </SimpleGrid>
        <Textarea label="Notes" autosize minRows={2} maxRows={6} {...form.getInputProps('notes')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {booking ? 'Save Changes' : 'Create Booking'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
