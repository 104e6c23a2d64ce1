import {
  Button,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { CLASS_MESSAGES, ManualEnrollInput } from '../../../common/classes';
import { useSchemaForm } from '../../lib/form';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useEnrollManual, useEnrollMember, useMembers } from './api';

interface ManualValues {
  name: string;
  email: string;
  phone: string;
  notes: string;
}

const MANUAL_FIELDS = ['name', 'email', 'phone', 'notes'] as const;

export interface AddStudentModalProps {
  classId: string;
  className: string;
  opened: boolean;
  onClose: () => void;
}

const memberLabel = (user: { name: string; email: string }) => `${user.name} (${user.email})`;

/** Finds a member by name, username or e-mail: the server searches as the text is typed. */
function MemberPicker({ classId, onDone }: { classId: string; onDone: () => void }) {
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(null);
  // The field shows the picked member's label, which is not a search of its own.
  const [q] = useDebouncedValue(search === picked?.label ? '' : search, 250);
  const members = useMembers(q);
  const enroll = useEnrollMember();
  const userId = picked?.value ?? null;
  const found = (members.data?.users ?? []).map((user) => ({ value: user.id, label: memberLabel(user) }));
  const options = picked && !found.some((o) => o.value === picked.value) ? [picked, ...found] : found;

  const submit = () => {
    if (!userId) return;
    enroll.mutate(
      { classId, userId },
      {
        onSuccess: () => {
          notifySuccess('Student enrolled');
          onDone();
        },
        onError: () => notifyError(CLASS_MESSAGES.enrollFailed),
      },
    );
  };

  return (
    <Stack gap="sm">
      <Select
        label="Member"
        placeholder="Search by name, username or e-mail"
        searchable
        clearable
        searchValue={search}
        onSearchChange={setSearch}
        // The server already matched name, username and e-mail; the list is not filtered again.
        filter={({ options: all }) => all}
        nothingFoundMessage={members.isFetching ? 'Searching…' : 'No member matches'}
        data={options}
        value={userId}
        onChange={(value, option) => setPicked(value && option ? { value, label: option.label } : null)}
        disabled={members.isError}
        error={members.isError ? 'Failed to load members' : undefined}
        comboboxProps={{ withinPortal: true }}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button onClick={submit} disabled={!userId} loading={enroll.isPending}>
          Add Student
        </Button>
      </Group>
    </Stack>
  );
}

/** Someone without an account: name and e-mail required, the submit disabled until both are filled. */
function ManualForm({ classId, onDone }: { classId: string; onDone: () => void }) {
  const enroll = useEnrollManual();
  const { form, onSubmit, showServerErrors } = useSchemaForm<ManualValues>({
    schema: ManualEnrollInput,
    initialValues: { name: '', email: '', phone: '', notes: '' },
    serverFields: MANUAL_FIELDS,
  });
  const filled = form.values.name.trim() !== '' && form.values.email.trim() !== '';

  return (
    <form
      noValidate
      aria-label="Add student by hand"
      onSubmit={onSubmit((values) =>
        enroll.mutate(
          { classId, input: values },
          {
            onSuccess: () => {
              notifySuccess('Student enrolled');
              onDone();
            },
            onError: (error) => {
              if (!showServerErrors(error)) notifyError(CLASS_MESSAGES.enrollFailed);
            },
          },
        ),
      )}
    >
      <Stack gap="sm">
        <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
        <TextInput label="Email" type="email" required {...form.getInputProps('email')} />
        <TextInput label="Phone" type="tel" {...form.getInputProps('phone')} />
        <Textarea label="Notes" autosize minRows={2} {...form.getInputProps('notes')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={!filled} loading={enroll.isPending}>
            Add Student
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Add Student: an existing member, or a name and e-mail typed in. */
export function AddStudentModal({ classId, className, opened, onClose }: AddStudentModalProps) {
  const [source, setSource] = useState<'member' | 'manual'>('member');
  // Each opening starts from the member search.
  const close = () => {
    setSource('member');
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="Add Student" centered>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {`Enrol someone in ${className}.`}
        </Text>
        <SegmentedControl
          aria-label="Who to add"
          fullWidth
          value={source}
          onChange={(value) => setSource(value)}
          data={[
            { value: 'member', label: 'Existing member' },
            { value: 'manual', label: 'Enter details' },
          ]}
        />
        {opened && source === 'member' && <MemberPicker classId={classId} onDone={close} />}
        {opened && source === 'manual' && <ManualForm classId={classId} onDone={close} />}
      </Stack>
    </Modal>
  );
}
