import dayjs from 'dayjs';
import type { User } from '../../common/users';

export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = dayjs(value);
  return date.isValid() ? date.format('MMMM D, YYYY') : value;
}

export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = dayjs(value);
  return date.isValid() ? date.format('MMMM D, YYYY h:mm A') : value;
}

/** The role line of the user menu: 'Administrator' for an admin, else the belt, else 'Student'. */
export function roleLabel(user: Pick<User, 'is_admin' | 'belt'>): string {
  if (user.is_admin) return 'Administrator';
  const belt = user.belt?.trim();
  return belt ? belt : 'Student';
}
