import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconCheck, IconUserPlus } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import {
  CLASS_NOT_FOUND_MESSAGE,
  type AttendanceEntry,
  type Class,
  type MeetingQuery,
} from '../../../common/classes';
import { LOAD_FAILED_MESSAGE } from '../../components/panel-body';
import { pageCount, PrevNextPager } from '../../components/prev-next-pager';
import { errorMessage, isNotFound } from '../../lib/api-client';
import { notifyError } from '../../lib/notify';
import { classQueries } from './queries';
import { dayLabel, zonedParts } from '../../../common/school-time';
import { useSchoolTimezone } from '../../lib/school-timezone';
import {
  ATTENDANCE_HISTORY_PAGE_SIZE,
  useAddDropIn,
  useAttendanceHistory,
  useMarkAttendance,
  useRoster,
} from './api';
import classes from './attendance-page.module.css';
import { defaultMeeting, sessionsOn } from './meetings';

/** The class, drafts included; null when there is none with this id. */
function useAdminClass(classId: string) {
  return useQuery({
    ...classQueries.detail(classId),
    select: (data) => data.class,
  });
}

function RosterEntry({
  entry,
  busy,
  onToggle,
}: {
  entry: AttendanceEntry;
  busy: boolean;
  onToggle: () => void;
}) {
  const canToggle = entry.enrollment_id !== null;
  const label = entry.drop_in ? 'Drop-in' : entry.method === 'self' ? 'Checked in' : null;
  return (
    <UnstyledButton
      className={classes.entry}
      data-present={entry.present || undefined}
      aria-pressed={entry.present}
      disabled={!canToggle || busy}
      onClick={onToggle}
    >
      <span className={classes.tick} aria-hidden>
        {entry.present && <IconCheck size={22} />}
      </span>
      <span className={classes.name}>{entry.name}</span>
      {label && (
        <Badge size="sm" variant="dot" color={entry.drop_in ? 'grape' : 'blue'}>
          {label}
        </Badge>
      )}
    </UnstyledButton>
  );
}

function DropInForm({ classId, meeting }: { classId: string; meeting: Required<MeetingQuery> }) {
  const add = useAddDropIn(classId);
  const [name, setName] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    add.mutate(
      { ...meeting, name: name.trim() },
      {
        onSuccess: () => setName(''),
        onError: (error) => notifyError(errorMessage(error, 'Failed to add the drop-in. Please try again.')),
      },
    );
  };
  return (
    <form onSubmit={submit} aria-label="Add drop-in">
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label="Drop-in name"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          className={classes.grow}
          size="md"
        />
        <Button
          type="submit"
          size="md"
          disabled={!name.trim()}
          loading={add.isPending}
          leftSection={<IconUserPlus size={18} aria-hidden />}
        >
          Add drop-in
        </Button>
      </Group>
    </form>
  );
}

function History({ classId }: { classId: string }) {
  const [page, setPage] = useState(0);
  const history = useAttendanceHistory(classId, page);
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="attendance-history-title">
      <Title order={2} size="h4" id="attendance-history-title" mb="sm">
        Attendance history
      </Title>
      {history.isPending ? (
        <Loader size="sm" aria-label="Loading attendance history" />
      ) : history.isError ? (
        <Alert color="red">{LOAD_FAILED_MESSAGE}</Alert>
      ) : history.data.meetings.length === 0 ? (
        <Text c="dimmed">No attendance recorded yet</Text>
      ) : (
        <Table striped aria-label="Attendance by meeting">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Time</Table.Th>
              <Table.Th>Present</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {history.data.meetings.map((m) => (
              <Table.Tr key={`${m.date} ${m.start_time}`}>
                <Table.Td>{m.date}</Table.Td>
                <Table.Td>{m.start_time.slice(0, 5)}</Table.Td>
                <Table.Td>{`${m.present_count} of ${m.enrolled_count}`}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <PrevNextPager
        page={page}
        pages={pageCount(history.data?.total ?? 0, ATTENDANCE_HISTORY_PAGE_SIZE)}
        onChange={setPage}
      />
    </Card>
  );
}

function MeetingRoster({ klass, meeting }: { klass: Class; meeting: Required<MeetingQuery> }) {
  const roster = useRoster(klass.id, meeting);
  const mark = useMarkAttendance(klass.id);
  const [pending, setPending] = useState<string | null>(null);

  if (roster.isPending) return <Loader aria-label="Loading roster" />;
  if (roster.isError) return <Alert color="red">{errorMessage(roster.error, LOAD_FAILED_MESSAGE)}</Alert>;
  const data = roster.data;

  const toggle = (entry: AttendanceEntry) => {
    if (!entry.enrollment_id) return;
    setPending(entry.enrollment_id);
    mark.mutate(
      { ...meeting, enrollment_id: entry.enrollment_id, present: !entry.present },
      {
        onError: (error) => notifyError(errorMessage(error, 'Failed to save attendance. Please try again.')),
        onSettled: () => setPending(null),
      },
    );
  };

  return (
    <Stack gap="md">
      <Card withBorder padding="md" className={classes.codeCard}>
        <Text size="sm" c="dimmed" ta="center">
          Check-in code
        </Text>
        <Text
          className={classes.code}
          ta="center"
          aria-label={`Check-in code ${data.code.split('').join(' ')}`}
        >
          {data.code}
        </Text>
        <Text ta="center" fw={600} aria-live="polite" role="status">
          {`${data.present_count} present`}
        </Text>
      </Card>
      {data.entries.length === 0 ? (
        <Text c="dimmed">{`No one is enrolled in ${data.class_name} yet. Add drop-ins below.`}</Text>
      ) : (
        <SimpleGrid
          cols={{ base: 1, sm: 2 }}
          spacing="xs"
          component="ul"
          className={classes.roster}
          aria-label="Roster"
        >
          {data.entries.map((entry) => (
            <li key={entry.enrollment_id ?? entry.attendance_id ?? entry.name}>
              <RosterEntry
                entry={entry}
                busy={pending !== null && pending === entry.enrollment_id}
                onToggle={() => toggle(entry)}
              />
            </li>
          ))}
        </SimpleGrid>
      )}
      <DropInForm classId={klass.id} meeting={meeting} />
    </Stack>
  );
}

function AttendanceForClass({ klass }: { klass: Class }) {
  const timezone = useSchoolTimezone();
  const { date: today, time: nowTime } = zonedParts(new Date(), timezone);
  const initial = defaultMeeting(klass.sessions, today, nowTime);
  const [date, setDate] = useState(initial?.date ?? today);
  const [startTime, setStartTime] = useState<string | null>(initial?.start_time ?? null);
  const daySessions = sessionsOn(klass.sessions, date);
  const chosen = daySessions.find((s) => s.start_time.slice(0, 5) === startTime) ?? daySessions[0] ?? null;
  const meeting = chosen ? { date, start_time: chosen.start_time.slice(0, 5) } : null;

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Date"
          type="date"
          value={date}
          onChange={(event) => {
            setDate(event.currentTarget.value);
            setStartTime(null);
          }}
          size="md"
        />
        {daySessions.length > 0 && (
          <Select
            label="Session"
            size="md"
            allowDeselect={false}
            data={daySessions.map((s) => ({
              value: s.start_time.slice(0, 5),
              label: `${s.start_time.slice(0, 5)}-${s.end_time.slice(0, 5)}`,
            }))}
            value={meeting?.start_time ?? null}
            onChange={setStartTime}
            w={160}
          />
        )}
      </Group>
      {meeting ? (
        <>
          <Text fw={600}>{`${dayLabel(meeting.date)}, ${meeting.start_time}`}</Text>
          <MeetingRoster key={`${meeting.date} ${meeting.start_time}`} klass={klass} meeting={meeting} />
        </>
      ) : (
        <Alert color="gray">{`${klass.class_name} does not meet on ${dayLabel(date)}.`}</Alert>
      )}
      <History classId={klass.id} />
    </Stack>
  );
}

/** /app/admin/classes/:classId/attendance: one meeting's roster, check-in code and drop-ins, on a phone. */
export function AttendancePage() {
  const { classId = '' } = useParams();
  const klass = useAdminClass(classId);
  return (
    <Container size="md" py="lg" px={0}>
      <Stack gap="md">
        <Anchor component={Link} to="/app/admin" size="sm">
          Back to Admin Dashboard
        </Anchor>
        <Title order={1}>{klass.data ? `Attendance: ${klass.data.class_name}` : 'Attendance'}</Title>
        {klass.isPending ? (
          <Loader aria-label="Loading class" />
        ) : isNotFound(klass.error) ? (
          <Alert color="red">{CLASS_NOT_FOUND_MESSAGE}</Alert>
        ) : klass.isError ? (
          <Alert color="red">{LOAD_FAILED_MESSAGE}</Alert>
        ) : (
          <AttendanceForClass klass={klass.data} />
        )}
      </Stack>
    </Container>
  );
}
