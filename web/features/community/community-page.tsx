import type { ReactNode } from 'react';
import { useCurrentUser } from '../../lib/session';

/**
 * /app/community: 'Community Management' for an administrator, 'My Learning Community' for a
 * member. Each variant is loaded on its own (web/app/routes.tsx), so neither carries the other.
 */
export function CommunityPage({ admin, member }: { admin: ReactNode; member: ReactNode }) {
  const user = useCurrentUser();
  return user.is_admin ? admin : member;
}
