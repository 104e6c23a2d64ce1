import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  PinInput,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconDoorEnter } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { CheckInInput, type MemberClass } from '../../../common/classes';
import { LOAD_FAILED_MESSAGE } from '../../components/panel-body';
import { errorMessage } from '../../lib/api-client';
import { formatDate, formatDateTime } from '../../lib/format';
import { notifySuccess } from '../../lib/notify';
import { useCurrentUser } from '../../lib/session';
import { useCheckIn, useMyAttendance, useMyClasses } from './api';
import classes from './my-classes.module.css';
import { formatSessions } from './sessions';

function CheckInDialog({ entry, onClose }: { entry: MemberClass | null; onClose: () => void }) {
  const checkIn = useCheckIn();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setCode('');
    setError(null);
    checkIn.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!entry) return;
    const parsed = CheckInInput.safeParse({ code });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please enter the 4-digit code');
      return;
    }
    setError(null);
    checkIn.mutate(
      { classId: entry.class.id, code: parsed.data.code },
      {
        onSuccess: (answer) => {
          notifySuccess(answer.message);
          close();
        },
        onError: (failure) => setError(errorMessage(failure, 'Check-in failed. Please try again.')),
      },
    );
  };

  return (
    <Modal
      opened={entry !== null}
      onClose={close}
      title={`Check in: ${entry?.class.class_name ?? ''}`}
      centered
    >
      <form onSubmit={submit} aria-label="Check in" noValidate>
        <Stack gap="md" align="center">
          <Text size="sm" id="check-in-help">
            Enter the 4-digit code shown in the hall.
          </Text>
          <PinInput
            length={4}
            type="number"
            size="xl"
            oneTimeCode
            value={code}
            onChange={setCode}
            error={error !== null}
            ariaLabel="Check-in code"
            getInputProps={(index) => ({
              'aria-describedby': 'check-in-help',
              'data-autofocus': index === 0 ? true : undefined,
            })}
          />
          {error && (
            <Text c="red" size="sm" role="alert">
              {error}
            </Text>
          )}
          <Group justify="flex-end" w="100%">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={checkIn.isPending} disabled={code.length !== 4}>
              Check in
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function ClassStatus({ entry }: { entry: MemberClass }) {
  if (entry.status === 'enrolled')
    return (
      <Badge color="jade" variant="filled" autoContrast>
        Enrolled
      </Badge>
    );
  if (entry.status === 'waitlisted')
    return (
      <Text size="sm">
        {entry.waitlist_position !== null
          ? `You are number ${entry.waitlist_position} on the waitlist`
          : 'You are on the waitlist'}
      </Text>
    );
  return (
    <Stack gap={2}>
      <Badge color="yellow" variant="filled" autoContrast>
        Seat offered
      </Badge>
      <Text size="sm">
        {entry.offer_expires_at
          ? `A seat is held for you until ${formatDateTime(entry.offer_expires_at)}. Accept it from the link in your e-mail.`
          : 'A seat is held for you. Accept it from the link in your e-mail.'}
      </Text>
    </Stack>
  );
}

function AttendanceSummary({ userId }: { userId: string }) {
  const attendance = useMyAttendance(userId);
  if (attendance.isPending) return <Loader size="xs" aria-label="Loading attendance" />;
  if (attendance.isError) return <Alert color="red">{LOAD_FAILED_MESSAGE}</Alert>;
  const data = attendance.data;
  return (
    <Stack gap={4}>
      <Group gap="lg">
        <Text size="sm" fw={600}>{`Classes attended this month: ${data.attended_this_month}`}</Text>
        <Text
          size="sm"
          fw={600}
        >{`Streak: ${data.streak_weeks} ${data.streak_weeks === 1 ? 'week' : 'weeks'}`}</Text>
      </Group>
      {data.history.length > 0 && (
        <Stack gap={2} component="ul" className={classes.list} aria-label="Recent attendance">
          {data.history.map((row) => (
            <Text component="li" size="xs" c="dimmed" key={`${row.class_id} ${row.date} ${row.start_time}`}>
              {`${formatDate(row.date)}, ${row.start_time.slice(0, 5)} · ${row.class_name}`}
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** The member dashboard's "My classes": each class with its sessions and place, Check in, and attendance. */
export function MyClasses() {
  const user = useCurrentUser();
  const list = useMyClasses(user.id);
  const [checkingIn, setCheckingIn] = useState<MemberClass | null>(null);

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="my-classes-title">
      <Title order={2} size="h4" id="my-classes-title" mb="sm">
        My classes
      </Title>
      {list.isPending ? (
        <Loader size="sm" aria-label="Loading your classes" />
      ) : list.isError ? (
        <Alert color="red">{LOAD_FAILED_MESSAGE}</Alert>
      ) : list.data.classes.length === 0 ? (
        <Text c="dimmed">
          {'You are not in any weekly class yet. '}
          {/* The classes page is the public site's, not the app's: a document link. */}
          <Anchor href="/classes" underline="always">
            See the classes
          </Anchor>
        </Text>
      ) : (
        <Stack gap="md">
          <Stack gap="sm" component="ul" className={classes.list}>
            {list.data.classes.map((entry) => (
              <li key={entry.class.id}>
                <Group justify="space-between" align="flex-start" gap="xs">
                  <Stack gap={2} className={classes.grow}>
                    <Text fw={600}>{entry.class.class_name}</Text>
                    <Text size="sm" c="dimmed">
                      {`${formatSessions(entry.class.sessions)} · ${entry.class.location}`}
                    </Text>
                    <ClassStatus entry={entry} />
                  </Stack>
                  {entry.status === 'enrolled' && (
                    <Button
                      leftSection={<IconDoorEnter size={18} aria-hidden />}
                      onClick={() => setCheckingIn(entry)}
                      aria-label={`Check in to ${entry.class.class_name}`}
                    >
                      Check in
                    </Button>
                  )}
                </Group>
              </li>
            ))}
          </Stack>
          <AttendanceSummary userId={user.id} />
        </Stack>
      )}
      <CheckInDialog entry={checkingIn} onClose={() => setCheckingIn(null)} />
    </Card>
  );
}
