import { Badge, Button, Container, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCheck, IconCopy, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { COMMUNITY_MESSAGES } from '../../../common/community';
import type { User } from '../../../common/users';
import { QueryTable } from '../../components/query-table';
import { ConfirmDeleteDialog } from '../../components/dialogs';
import { pageCount, PrevNextPager } from '../../components/prev-next-pager';
import type { ResponsiveColumn } from '../../components/responsive-table';
import { errorMessage } from '../../lib/api-client';
import { notifyError, notifySuccess } from '../../lib/notify';
import {
  ADMIN_USERS_PAGE_SIZE,
  fetchStudentEmails,
  useAdminUsers,
  useDeleteUser,
  useDeletionRequest,
} from './api';
import { useCopyEmails } from './copy-emails';
import { UserFormModal } from './user-form';

/** The deletion notice stays longer than other toasts. */
const DELETION_NOTICE_MS = 5000;

function deleteFailed(error: unknown) {
  notifyError(errorMessage(error, 'Please try again.'), { title: COMMUNITY_MESSAGES.deleteFailed });
}

/** The two-step delete: request first; then confirm for good, or withdraw the request. */
function DeleteActions({ user, onConfirm }: { user: User; onConfirm: () => void }) {
  const request = useDeletionRequest();
  const mark = (requested: boolean) =>
    request.mutate(
      { id: user.id, requested },
      {
        onSuccess: () =>
          notifySuccess(
            requested
              ? `Deletion requested for ${user.name}. Click "Confirm delete" to delete the account for good.`
              : `Deletion request for ${user.name} withdrawn`,
            { autoClose: DELETION_NOTICE_MS },
          ),
        onError: deleteFailed,
      },
    );
  if (!user.deletion_requested) {
    return (
      <Button
        size="xs"
        variant="subtle"
        color="red"
        loading={request.isPending}
        onClick={() => mark(true)}
        aria-label={`Delete ${user.name}`}
      >
        Delete
      </Button>
    );
  }
  return (
    <>
      <Button size="xs" color="red" onClick={onConfirm} aria-label={`Confirm delete ${user.name}`}>
        Confirm delete
      </Button>
      <Button
        size="xs"
        variant="default"
        loading={request.isPending}
        onClick={() => mark(false)}
        aria-label={`Cancel deletion request for ${user.name}`}
      >
        Cancel request
      </Button>
    </>
  );
}

/**
 * 'Community Management': every student, searched on the server, deletion
 * requests first; create and edit in the user form, the two-step delete, and copying every
 * student's e-mail address.
 */
export function CommunityManagement() {
  // `?search=` (a person chosen in the header's search) fills the box, again on each new one.
  const asked = useSearchParams()[0].get('search') ?? '';
  const [askedFor, setAskedFor] = useState(asked);
  const [search, setSearch] = useState(asked);
  const [q] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(0);
  if (asked !== askedFor) {
    setAskedFor(asked);
    setSearch(asked);
    setPage(0);
  }
  const list = useAdminUsers(q, page);
  const [editing, setEditing] = useState<{ user: User | null } | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);
  const remove = useDeleteUser();
  const { copy, copied, busy } = useCopyEmails(fetchStudentEmails);
  // The modal follows the list, so its active switch shows the account's state after each change.
  const current = editing?.user
    ? { user: list.data?.users.find((u) => u.id === editing.user?.id) ?? editing.user }
    : editing;

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifySuccess(`${deleting.name}'s account was deleted`);
        if (list.data?.users.length === 1 && page > 0) setPage((p) => p - 1);
      },
      onError: deleteFailed,
      onSettled: () => setDeleting(null),
    });
  };

  const columns: ResponsiveColumn<User>[] = [
    {
      header: 'Name',
      isCardTitle: true,
      cell: (user) => (
        <Group gap={6} wrap="wrap">
          <Text fw={600} size="sm">
            {user.name}
          </Text>
          {user.deletion_requested && (
            <Badge color="red" variant="light" size="sm">
              Deletion requested
            </Badge>
          )}
          {!user.is_active && (
            <Badge color="gray" variant="light" size="sm">
              Inactive
            </Badge>
          )}
        </Group>
      ),
    },
    { header: 'Username', cell: (user) => user.username },
    { header: 'Email', cell: (user) => user.email },
    {
      header: 'Actions',
      cell: (user) => (
        <Group gap={6} wrap="wrap">
          <Button
            size="xs"
            variant="default"
            onClick={() => setEditing({ user })}
            aria-label={`Edit ${user.name}`}
          >
            Edit
          </Button>
          <DeleteActions user={user} onConfirm={() => setDeleting(user)} />
        </Group>
      ),
    },
  ];

  return (
    <Container size="xl" py="lg">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={1}>Community Management</Title>
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              onClick={() => void copy()}
              loading={busy}
            >
              {copied ? 'Copied!' : 'Copy all student e-mails'}
            </Button>
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setEditing({ user: null })}
            >
              Create User
            </Button>
          </Group>
        </Group>
        <TextInput
          label="Search students"
          placeholder="Name, username or e-mail"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(0);
          }}
          maw={420}
        />
        <QueryTable
          query={list}
          rowsOf={(data) => data.users}
          loadingLabel="Loading users"
          failedMessage={COMMUNITY_MESSAGES.loadFailed}
          emptyText={q ? 'No student matches your search' : 'No students yet'}
          label="Students"
          columns={columns}
          rowKey={(user) => user.id}
        />
        {list.data && list.data.users.length > 0 && (
          <PrevNextPager
            page={page}
            pages={pageCount(list.data.total, ADMIN_USERS_PAGE_SIZE)}
            onChange={setPage}
          />
        )}
      </Stack>
      <UserFormModal mode={current} onClose={() => setEditing(null)} />
      <ConfirmDeleteDialog
        opened={deleting !== null}
        title="Delete account"
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      >
        {`${deleting?.name ?? 'This user'}'s account and everything it holds will be deleted permanently.`}
      </ConfirmDeleteDialog>
    </Container>
  );
}
