import { ActionIcon, Anchor, Group, Menu, Text } from '@mantine/core';
import { IconDotsVertical, IconTrash, IconTrashX } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { DELETE_FOR_EVERYONE_MINUTES, type Message } from '../../../common/messages';
import { linkParts, TOMBSTONE_TEXT } from './message-format';
import classes from './messages-page.module.css';

/** Plain text with its web addresses as links that open in a new tab; nothing is read as HTML. */
export function LinkedText({ text }: { text: string }) {
  return (
    <>
      {linkParts(text).map((part, index) =>
        part.kind === 'link' ? (
          <Anchor
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer"
            underline="always"
            inherit
          >
            {part.text}
          </Anchor>
        ) : (
          part.text
        ),
      )}
    </>
  );
}

/** Senders may take a message back for everyone within the window; administrators at any time. */
export function canDeleteForEveryone(message: Message, userId: string, isAdmin: boolean, now = dayjs()) {
  if (message.deleted_for_everyone) return false;
  if (isAdmin) return true;
  return (
    message.sender_id === userId &&
    now.diff(dayjs(message.sent_at), 'minute', true) < DELETE_FOR_EVERYONE_MINUTES
  );
}

export interface MessageItemProps {
  message: Message;
  own: boolean;
  mayDeleteForEveryone: boolean;
  onDeleteForMe: (message: Message) => void;
  onDeleteForEveryone: (message: Message) => void;
}

/** One message: the reader's own on the right with its read state, the other side's on the left. */
export function MessageItem({
  message,
  own,
  mayDeleteForEveryone,
  onDeleteForMe,
  onDeleteForEveryone,
}: MessageItemProps) {
  const time = dayjs(message.sent_at);
  return (
    <li className={classes.message} data-own={own || undefined}>
      <div className={classes.bubble} data-deleted={message.deleted_for_everyone || undefined}>
        {!own && (
          <Text size="xs" fw={600} className={classes.sender}>
            {message.sender_name}
          </Text>
        )}
        <Text size="sm" className={classes.text} fs={message.deleted_for_everyone ? 'italic' : undefined}>
          {message.deleted_for_everyone ? TOMBSTONE_TEXT : <LinkedText text={message.text} />}
        </Text>
        <Group gap={6} justify="flex-end" wrap="nowrap" className={classes.meta}>
          <Text size="xs" component="time" dateTime={message.sent_at}>
            {time.format('h:mm A')}
          </Text>
          {own && !message.deleted_for_everyone && <Text size="xs">{message.read_at ? 'Read' : 'Sent'}</Text>}
        </Group>
      </div>
      <Menu position={own ? 'bottom-end' : 'bottom-start'} withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={`Actions for the message of ${time.format('MMMM D, h:mm A')}`}
          >
            <IconDotsVertical size={16} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconTrash size={16} aria-hidden />} onClick={() => onDeleteForMe(message)}>
            Delete for me
          </Menu.Item>
          {mayDeleteForEveryone && (
            <Menu.Item
              color="red"
              leftSection={<IconTrashX size={16} aria-hidden />}
              onClick={() => onDeleteForEveryone(message)}
            >
              Delete for everyone
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
    </li>
  );
}
