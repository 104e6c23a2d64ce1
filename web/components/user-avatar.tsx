import { Avatar, type AvatarProps } from '@mantine/core';
import { initials } from '../../common/users';

export interface UserAvatarProps extends Omit<AvatarProps, 'src' | 'alt' | 'children'> {
  name: string;
  avatar?: string | null;
}

/** The user's picture, or their initials when none is set (or the picture fails to load). */
export function UserAvatar({ name, avatar, ...props }: UserAvatarProps) {
  return (
    <Avatar src={avatar || null} alt={name} color="jade" {...props}>
      {initials(name)}
    </Avatar>
  );
}
