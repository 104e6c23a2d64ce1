import { Text, UnstyledButton } from '@mantine/core';
import { SUPPORT_CONVERSATION_NAME, type MessageInContext } from '../../../common/messages';
import type { User } from '../../../common/users';
import { UserAvatar } from '../../components/user-avatar';
import { shortTime, TOMBSTONE_TEXT } from './message-format';
import classes from './messages-page.module.css';

/** Who a message was exchanged with, as the list names them. */
function otherName(message: MessageInContext): string {
  return message.other_user.id === null ? SUPPORT_CONVERSATION_NAME : message.other_user.name;
}

/** One found message: with whom, who wrote it, the text and when; choosing it opens its conversation. */
export function MessageMatch({
  message,
  user,
  onSelect,
}: {
  message: MessageInContext;
  user: User;
  onSelect: () => void;
}) {
  const name = otherName(message);
  const author = message.sender_id === user.id ? 'You' : message.sender_name;
  return (
    <li>
      <UnstyledButton className={classes.row} onClick={onSelect}>
        <UserAvatar name={name} avatar={message.other_user.avatar} size={32} radius="xl" />
        <div className={classes.rowBody}>
          <div className={classes.matchHead}>
            <Text size="sm" fw={600} truncate>
              {name}
            </Text>
            <Text
              size="xs"
              c="dimmed"
              component="time"
              dateTime={message.sent_at}
              className={classes.noShrink}
            >
              {shortTime(message.sent_at)}
            </Text>
          </div>
          <Text size="xs" c="dimmed" lineClamp={2}>
            {author}: {message.text || TOMBSTONE_TEXT}
          </Text>
        </div>
      </UnstyledButton>
    </li>
  );
}
