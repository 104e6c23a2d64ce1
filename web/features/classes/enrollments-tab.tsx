import {
  Alert,
  Badge,
  Button,
  CopyButton,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconCopy, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { CLASS_MESSAGES, type Class, type ClassEnrollment, type ClassSignup } from '../../../common/classes';
import { ConfirmDialog } from '../../components/dialogs';
import { LOAD_FAILED_MESSAGE } from '../../components/panel-body';
import { formatDate, formatDateTime } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { AddStudentModal } from './add-student-modal';
import { useClassEnrollments, useRemoveStudent } from './api';
import classes from '../../components/panel-list.module.css';

const OFFER_LABELS: Record<ClassSignup['status'], string> = {
  waiting: 'Waiting',
  offered: 'Seat offered',
  accepted: 'Accepted',
  expired: 'Offer expired',
  withdrawn: 'Withdrawn',
};

function CopyEmails({ label, emails }: { label: string; emails: string[] }) {
  return (
    <CopyButton value={emails.join(', ')}>
      {({ copied, copy }) => (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconCopy size={14} aria-hidden />}
          onClick={copy}
          disabled={emails.length === 0}
          aria-label={`Copy e-mails of the ${label}`}
        >
          {copied ? 'Copied' : 'Copy e-mails'}
        </Button>
      )}
    </CopyButton>
  );
}

function SignupList({ title, rows, waitlist }: { title: string; rows: ClassSignup[]; waitlist: boolean }) {
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={3} size="h5">
          {`${title} (${rows.length})`}
        </Title>
        <CopyEmails label={title.toLowerCase()} emails={rows.map((row) => row.email)} />
      </Group>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {`No one on the ${title.toLowerCase()}`}
        </Text>
      ) : (
        <Stack gap={4} component="ul" className={classes.list}>
          {rows.map((row) => (
            <li key={row.id}>
              <Text size="sm">
                {waitlist && row.position !== null ? `${row.position}. ` : ''}
                {row.name} · {row.email}
                {row.phone ? ` · ${row.phone}` : ''}
              </Text>
              {waitlist && (
                <Text size="xs" c="dimmed">
                  {OFFER_LABELS[row.status]}
                  {row.status === 'offered' && row.offer_expires_at
                    ? ` until ${formatDateTime(row.offer_expires_at)}`
                    : ''}
                </Text>
              )}
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** The Enrollments tab: who is in the class (and who dropped), Add Student, the interest list and waitlist. */
export function EnrollmentsTab({ klass }: { klass: Class }) {
  const enrollments = useClassEnrollments(klass.id);
  const remove = useRemoveStudent();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<ClassEnrollment | null>(null);
  // The list is fresher than the class the modal opened with: it follows each add and removal.
  const enrolledCount =
    enrollments.data?.enrollments.filter((row) => row.status === 'enrolled').length ??
    klass.current_enrollment;

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(
      { classId: klass.id, key: removing.user_id ?? removing.id },
      {
        onSuccess: () => notifySuccess('Student removed'),
        onError: () => notifyError(CLASS_MESSAGES.removeFailed),
        onSettled: () => setRemoving(null),
      },
    );
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm">{`${enrolledCount} of ${klass.max_capacity} enrolled`}</Text>
        <Button
          size="xs"
          leftSection={<IconUserPlus size={14} aria-hidden />}
          onClick={() => setAdding(true)}
        >
          Add Student
        </Button>
      </Group>
      {enrollments.isPending ? (
        <Loader size="sm" aria-label="Loading enrollments" />
      ) : enrollments.isError ? (
        <Alert color="red">{LOAD_FAILED_MESSAGE}</Alert>
      ) : (
        <>
          {enrollments.data.enrollments.length === 0 ? (
            <Text c="dimmed">{CLASS_MESSAGES.noEnrollments}</Text>
          ) : (
            <Table.ScrollContainer minWidth={420}>
              <Table striped aria-label="Enrollments">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Since</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {enrollments.data.enrollments.map((row) => (
                    <Table.Tr key={row.id}>
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {row.user_name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {row.user_email}
                          {row.phone ? ` · ${row.phone}` : ''}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Badge
                          size="sm"
                          variant="filled"
                          autoContrast
                          color={row.status === 'enrolled' ? 'jade' : 'gray'}
                        >
                          {row.status === 'enrolled' ? 'Enrolled' : 'Dropped'}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <Text size="xs">
                          {formatDate(row.status === 'enrolled' ? row.enrolled_at : row.dropped_at)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        {row.status === 'enrolled' && (
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red"
                            onClick={() => setRemoving(row)}
                            aria-label={`Remove ${row.user_name}`}
                          >
                            Remove
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <SignupList title="Waitlist" rows={enrollments.data.waitlist} waitlist />
          <SignupList title="Interest list" rows={enrollments.data.interest} waitlist={false} />
        </>
      )}
      <AddStudentModal
        classId={klass.id}
        className={klass.class_name}
        opened={adding}
        onClose={() => setAdding(false)}
      />
      <ConfirmDialog
        opened={removing !== null}
        title="Remove Student"
        confirmLabel="Remove"
        confirmColor="red"
        loading={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={confirmRemove}
      >
        <Text>{CLASS_MESSAGES.removeConfirm}</Text>
      </ConfirmDialog>
    </Stack>
  );
}
