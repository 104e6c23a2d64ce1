import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { notifySuccess } from '../lib/notify';

export interface FormModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** The form, keyed by the item it edits so that each item starts from its own values. */
  children: ReactNode;
}

/** An add-or-edit modal: the form is built only while the modal is open, so each opening starts afresh. */
export function FormModal({ opened, onClose, title, children }: FormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg" centered>
      {opened && children}
    </Modal>
  );
}

/** A form's closing row: Cancel, and the submit button that spins while the save is under way. */
export function FormButtons({
  saving,
  submitLabel,
  onCancel,
}: {
  saving: boolean;
  submitLabel: string;
  onCancel: () => void;
}) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" loading={saving}>
        {submitLabel}
      </Button>
    </Group>
  );
}

/** A refused save: the form's own message, then the server's reason when it gave one. */
export function SaveRefusedAlert({ message, reason }: { message: string; reason: string | null }) {
  return (
    <Alert color="red" role="alert">
      <Text size="sm">{message}</Text>
      {reason && <Text size="sm">{reason}</Text>}
    </Alert>
  );
}

interface SaveHandlers {
  onSuccess: () => void;
  onError: (error: unknown) => void;
}

interface SaveMutation<Variables> {
  mutate: (variables: Variables, handlers: SaveHandlers) => void;
  isPending: boolean;
}

export interface SaveItemOptions<Input> {
  /** The id of the item being edited; undefined adds one. */
  id: string | undefined;
  create: SaveMutation<Input>;
  update: SaveMutation<{ id: string; input: Input }>;
  /** Shown once the save has gone through, before the form closes. */
  savedMessage: string;
  onDone: () => void;
  onError: (error: unknown) => void;
}

/** An add-or-edit form's save: an update of the item it edits, else a create; a saved item closes the form. */
export function saveItem<Input>({
  id,
  create,
  update,
  savedMessage,
  onDone,
  onError,
}: SaveItemOptions<Input>) {
  const handlers: SaveHandlers = {
    onSuccess: () => {
      notifySuccess(savedMessage);
      onDone();
    },
    onError,
  };
  return {
    saving: create.isPending || update.isPending,
    save: (input: Input) => (id ? update.mutate({ id, input }, handlers) : create.mutate(input, handlers)),
  };
}

/**
 * The props of an upload field that keeps its file's address in a form field: the address, its
 * setter and the field's error.
 */
// Mantine's own bound on form values: an interface has no index signature for `unknown`.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function uploadFieldProps<Values extends Record<string, any>>(
  form: UseFormReturnType<Values>,
  field: keyof Values & string,
) {
  return {
    value: form.getValues()[field] as string,
    onChange: (url: string) => form.setFieldValue(field, url as Values[typeof field]),
    error: form.errors[field] as string | undefined,
  };
}
