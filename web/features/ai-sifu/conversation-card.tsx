import { useId, useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { AiConversation } from '../../../common/ai-sifu';
import { CONVERSATION_DELETE_FAILED, NOTE_DELETE_FAILED, NOTE_SAVE_FAILED } from './messages';
import { ConfirmDeleteDialog } from '../../components/dialogs';
import { formatDateTime } from '../../lib/format';
import { useCreateNote, useDeleteConversation, useDeleteNote, useUpdateNote } from './api';
import { AnswerSources } from './answer-sources';
import classes from './ai-sifu.module.css';
import { NoteForm } from './note-form';

/**
 * One question and its answer in Sifu's Notes. A note the student wrote stands in place of the
 * answer (the original a click away); deleting the note shows the original answer again.
 */
export function ConversationCard({ conversation }: { conversation: AiConversation }) {
  const headingId = useId();
  const originalId = useId();
  const [editing, setEditing] = useState(false);
  const [showOriginal, setShowOriginal] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const createNote = useCreateNote();
  const updateNote = useUpdateNote();
  const deleteNote = useDeleteNote();
  const deleteConversation = useDeleteConversation();
  const { note } = conversation;
  const save = note ? updateNote : createNote;

  const handleSave = (text: string) => {
    const saved = note
      ? updateNote.mutateAsync({ noteId: note.id, noteText: text })
      : createNote.mutateAsync({
          ai_conversation_id: conversation.id,
          course_id: conversation.course_context,
          note_text: text,
        });
    return saved.then(() => setEditing(false));
  };

  const handleCancel = () => {
    createNote.reset();
    updateNote.reset();
    setEditing(false);
  };

  const handleDeleteNote = () => {
    if (note) deleteNote.mutate(note.id, { onSuccess: () => setShowOriginal(false) });
  };

  const handleDelete = () =>
    deleteConversation.mutate(conversation.id, { onSettled: () => setConfirming(false) });

  return (
    <Paper component="article" withBorder p="md" radius="md" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            {[conversation.course_title, formatDateTime(conversation.created_at)].filter(Boolean).join(' · ')}
          </Text>
          {conversation.cached_response && (
            <Badge size="xs" variant="light" color="gray.7">
              Cached
            </Badge>
          )}
        </Group>
        <Title order={2} size="h4" id={headingId} className={classes.prose}>
          {conversation.question_text}
        </Title>
        {editing ? (
          <NoteForm
            initialText={note?.note_text ?? ''}
            label={note ? 'Edit your note' : 'Your note'}
            saving={save.isPending}
            failure={save.isError ? NOTE_SAVE_FAILED : null}
            onSave={handleSave}
            onCancel={handleCancel}
          />
        ) : note ? (
          <Stack gap={4}>
            <Text size="sm" fw={700}>
              Your note
            </Text>
            <Text className={classes.prose}>{note.note_text}</Text>
            <Group>
              <Button
                size="compact-xs"
                variant="subtle"
                aria-expanded={showOriginal}
                aria-controls={showOriginal ? originalId : undefined}
                onClick={() => setShowOriginal((shown) => !shown)}
              >
                {showOriginal ? 'Hide original answer' : 'Show original answer'}
              </Button>
            </Group>
            {showOriginal && (
              <Text size="sm" id={originalId} className={classes.prose}>
                {conversation.response_text}
              </Text>
            )}
          </Stack>
        ) : (
          <Text className={classes.prose}>{conversation.response_text}</Text>
        )}
        <AnswerSources
          terms={conversation.terms_used}
          manual={conversation.manual_sections}
          classics={conversation.classical_references}
          lessons={conversation.lessons_used}
        />
        {deleteNote.isError && (
          <Alert color="red" role="alert" p="xs">
            {NOTE_DELETE_FAILED}
          </Alert>
        )}
        {deleteConversation.isError && (
          <Alert color="red" role="alert" p="xs">
            {CONVERSATION_DELETE_FAILED}
          </Alert>
        )}
        {!editing && (
          <Group gap="xs">
            {note ? (
              <>
                <Button size="xs" variant="default" onClick={() => setEditing(true)}>
                  Edit note
                </Button>
                <Button size="xs" variant="default" loading={deleteNote.isPending} onClick={handleDeleteNote}>
                  Delete note
                </Button>
              </>
            ) : (
              <Button size="xs" variant="default" onClick={() => setEditing(true)}>
                Annotate
              </Button>
            )}
            <Button size="xs" variant="subtle" color="red" onClick={() => setConfirming(true)}>
              Delete conversation
            </Button>
          </Group>
        )}
      </Stack>
      <ConfirmDeleteDialog
        opened={confirming}
        title="Delete conversation"
        loading={deleteConversation.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={handleDelete}
      >
        This question, AI Sifu&apos;s answer and your note on it will be removed from your history.
      </ConfirmDeleteDialog>
    </Paper>
  );
}
