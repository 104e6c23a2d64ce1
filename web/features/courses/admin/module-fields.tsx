import { ActionIcon, Group, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import type { Module, ModuleInput } from '../../../../common/courses';
import { notifyError } from '../../../lib/notify';
import { studentModuleDescription } from '../course-format';
import { useUpdateModule } from './admin-api';
import classes from './module-fields.module.css';

export const MODULE_SAVE_FAILED = 'Failed to save module. Please try again';
export const NO_MODULE_DESCRIPTION = 'No description yet (students see none)';

interface InlineEditOptions {
  courseId: string;
  moduleId: string;
  /** The stored value the editor starts from. */
  value: string;
  /** The request body for a changed value, or null when the value cannot be saved (a blank title). */
  toInput: (value: string) => ModuleInput | null;
}

/**
 * Inline editing of one module field: double-click (or the edit button) starts it, Enter saves,
 * Escape cancels and leaving the field saves. The new value shows while it is saving and goes back
 * to the stored one if the save fails.
 */
function useInlineModuleEdit({ courseId, moduleId, value, toInput }: InlineEditOptions) {
  const update = useUpdateModule(courseId);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const [pending, setPending] = useState<string | null>(null);
  // Escape and Enter end the edit before the field unmounts; its blur must not act a second time.
  const open = useRef(false);

  const start = () => {
    setDraft(value);
    open.current = true;
    setEditing(true);
  };

  const finish = (commit: boolean) => {
    if (!open.current) return;
    open.current = false;
    setEditing(false);
    const next = draft.trim();
    const input = commit && next !== value.trim() ? toInput(next) : null;
    if (!input) return;
    setPending(next);
    update.mutate(
      { moduleId, input },
      { onSettled: () => setPending(null), onError: () => notifyError(MODULE_SAVE_FAILED) },
    );
  };

  /** Enter saves (Shift+Enter starts a new line where the field has lines); Escape cancels. */
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      finish(true);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      finish(false);
    }
  };

  const fieldProps = {
    value: draft,
    autoFocus: true,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setDraft(event.currentTarget.value),
    onKeyDown: handleKeyDown,
    onBlur: () => finish(true),
  };
  return { editing, start, shown: pending ?? value, fieldProps };
}

/** The module's title, renamed inline. */
export function ModuleTitle({ courseId, module }: { courseId: string; module: Module }) {
  const edit = useInlineModuleEdit({
    courseId,
    moduleId: module.id,
    value: module.title,
    toInput: (title) => (title ? { title } : null),
  });

  if (edit.editing) {
    return <TextInput aria-label="Module title" className={classes.titleInput} {...edit.fieldProps} />;
  }
  return (
    <Group gap={4} wrap="nowrap" className={classes.title}>
      <Title
        order={2}
        size="h4"
        onDoubleClick={edit.start}
        title="Double-click to rename"
        className={classes.editable}
      >
        {edit.shown}
      </Title>
      <ActionIcon
        variant="subtle"
        size="sm"
        aria-label={`Rename module ${module.title}`}
        onClick={edit.start}
      >
        <IconEdit size={14} />
      </ActionIcon>
    </Group>
  );
}

/**
 * The module's description, edited inline like the title. A new module's placeholder ("Add a
 * description") reads as no description here, as it does for students; clearing the text is allowed.
 */
export function ModuleDescription({ courseId, module }: { courseId: string; module: Module }) {
  const stored = studentModuleDescription(module.description);
  const edit = useInlineModuleEdit({
    courseId,
    moduleId: module.id,
    value: stored,
    toInput: (description) => ({ description }),
  });

  if (edit.editing) {
    return (
      <Textarea
        aria-label="Module description"
        description="Enter saves, Shift+Enter starts a new line, Escape cancels."
        autosize
        minRows={2}
        maxLength={5000}
        {...edit.fieldProps}
      />
    );
  }
  const shown = studentModuleDescription(edit.shown);
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <Text
        size="sm"
        c="dimmed"
        fs={shown ? undefined : 'italic'}
        onDoubleClick={edit.start}
        title="Double-click to edit the description"
        className={classes.editable}
        data-testid="module-description"
      >
        {shown || NO_MODULE_DESCRIPTION}
      </Text>
      <ActionIcon
        variant="subtle"
        size="sm"
        aria-label={`Edit description of module ${module.title}`}
        onClick={edit.start}
      >
        <IconEdit size={14} />
      </ActionIcon>
    </Group>
  );
}
