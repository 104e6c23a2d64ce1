import { Alert, Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { CreateCourseRequestInput } from '../../../common/course-requests';
import { errorMessage } from '../../lib/api-client';
import { useSchemaForm } from '../../lib/form';
import { notifySuccess } from '../../lib/notify';
import { useCreateCourseRequest } from './api';

interface RequestValues {
  subject: string;
  experience: string;
  reason: string;
}

/** A 'Request a Course' button with its dialog, for the student courses list. */
export function RequestCourseButton() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="light" onClick={() => setOpened(true)}>
        Request a Course
      </Button>
      <RequestCourseDialog opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}

export function RequestCourseDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Request a Course" centered size="lg">
      <RequestCourseForm onDone={onClose} />
    </Modal>
  );
}

function RequestCourseForm({ onDone }: { onDone: () => void }) {
  const create = useCreateCourseRequest();
  const { form, onSubmit } = useSchemaForm<RequestValues>({
    schema: CreateCourseRequestInput,
    initialValues: { subject: '', experience: '', reason: '' },
  });

  const handleSubmit = onSubmit((values) => {
    create.mutate(values, {
      onSuccess: () => {
        notifySuccess('Thank you! Your course request has been sent.');
        onDone();
      },
    });
  });

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Request a course">
      <Stack gap="sm">
        {create.isError && (
          <Alert color="red" role="alert">
            {errorMessage(create.error, 'Failed to send your request. Please try again.')}
          </Alert>
        )}
        <TextInput label="Subject" required data-autofocus {...form.getInputProps('subject')} />
        <Textarea
          label="Your experience"
          required
          autosize
          minRows={2}
          {...form.getInputProps('experience')}
        />
        <Textarea label="Why this course?" required autosize minRows={2} {...form.getInputProps('reason')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Send Request
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
