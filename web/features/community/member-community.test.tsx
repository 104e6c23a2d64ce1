import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { COMMUNITY_MESSAGES, COMMUNITY_PAGE_SIZE, type CommunityResponse } from '../../../common/community';
import type { PublicProfile } from '../../../common/users';
import { makeUser, renderRoutes, serverFailure, signInAs, stubFetch } from '../../test/render';
import { MemberCommunity } from './member-community';

const me = makeUser();
const COURSE_ID = '7c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const person = (n: number, extra: Partial<PublicProfile> = {}): PublicProfile => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name: `Fellow ${String(n).padStart(2, '0')}`,
  username: `fellow${n}`,
  avatar: null,
  role: 'student',
  is_private: false,
  allow_messages: true,
  belt: 'Green',
  city: 'Taipei',
  martial_art: 'Baguazhang',
  experience: 2,
  ...extra,
});
const sifu: PublicProfile = {
  id: '99999999-9999-4999-8999-999999999999',
  name: 'Sifu Lin',
  username: 'sifu',
  avatar: null,
  role: 'admin',
  is_private: true,
  allow_messages: true,
};
type Routes = Parameters<typeof stubFetch>[0];

function server(community: CommunityResponse | null, extra: Routes = {}) {
  return stubFetch({
    [`POST /api/verify/user/${me.id}`]: () => ({ body: { valid: true, user: me } }),
    'GET /api/community': () => (community ? { body: community } : serverFailure),
    ...extra,
  });
}

function renderPage() {
  signInAs(me);
  return renderRoutes(
    [
      { path: '/', element: <MemberCommunity /> },
      { path: '/app/messages', element: <p>Messages</p> },
    ],
    '/',
  );
}

describe('MemberCommunity', () => {
  it('shows the instructors, a private one as Private Profile, and each course with its fellow students', async () => {
    server({
      instructors: [sifu],
      courses: [{ course_id: COURSE_ID, course_name: 'Silk Reeling', total: 1, students: [person(1)] }],
    });
    renderPage();
    const instructors = await screen.findByRole('list', { name: 'Course Instructors' });
    expect(within(instructors).getByRole('button', { name: 'Sifu Lin, Private Profile' })).toBeTruthy();
    const course = screen.getByRole('list', { name: 'Fellow students in Silk Reeling' });
    expect(
      within(course).getByRole('button', { name: 'Fellow 01, Green · Taipei · Baguazhang' }),
    ).toBeTruthy();
  });

  it('says when no course has fellow students', async () => {
    server({ instructors: [sifu], courses: [] });
    renderPage();
    expect(await screen.findByText(COMMUNITY_MESSAGES.noFellowStudents)).toBeTruthy();
  });

  it('says when the community fails to load, and retries', async () => {
    let ok = false;
    stubFetch({
      [`POST /api/verify/user/${me.id}`]: () => ({ body: { valid: true, user: me } }),
      'GET /api/community': () => (ok ? { body: { instructors: [sifu], courses: [] } } : serverFailure),
    });
    const { user } = renderPage();
    expect(await screen.findByText(COMMUNITY_MESSAGES.loadFailed)).toBeTruthy();
    ok = true;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(COMMUNITY_MESSAGES.noFellowStudents)).toBeTruthy();
  });

  it('pages through a course with Show more', async () => {
    const first = Array.from({ length: COMMUNITY_PAGE_SIZE }, (_, i) => person(i));
    const { calls } = server(
      {
        instructors: [],
        courses: [{ course_id: COURSE_ID, course_name: 'Silk Reeling', total: 13, students: first }],
      },
      {
        [`GET /api/community/courses/${COURSE_ID}/students`]: () => ({
          body: { students: [person(12)], total: 13 },
        }),
      },
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Show more students of Silk Reeling' }));
    expect(await screen.findByRole('button', { name: /^Fellow 12,/ })).toBeTruthy();
    expect(calls.find((c) => c.path.endsWith('/students'))!.query.get('offset')).toBe(
      String(COMMUNITY_PAGE_SIZE),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: /Show more/ })).toBeNull());
  });

  it('opens a profile with its courses and a Message button, which opens the conversation', async () => {
    const fellow = person(1);
    const CONVERSATION_ID = '12121212-1212-4121-8121-121212121212';
    const { calls } = server(
      {
        instructors: [],
        courses: [{ course_id: COURSE_ID, course_name: 'Silk Reeling', total: 1, students: [fellow] }],
      },
      {
        [`GET /api/user/${fellow.id}/profile`]: () => ({
          body: { ...fellow, courses: [{ course_id: COURSE_ID, course_name: 'Silk Reeling', progress: 40 }] },
        }),
        'POST /api/conversations': () => ({
          status: 201,
          body: {
            conversation_id: CONVERSATION_ID,
            created: true,
            conversation: {
              id: CONVERSATION_ID,
              kind: 'direct',
              created_at: '2026-03-01T10:00:00.000Z',
              other_user: { id: fellow.id, name: fellow.name, avatar: null },
              last_message: null,
              unread_count: 0,
            },
          },
        }),
      },
    );
    const { user, router } = renderPage();
    await user.click(await screen.findByRole('button', { name: /^Fellow 01,/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Fellow 01' });
    expect(
      await within(dialog).findByRole('progressbar', { name: 'Silk Reeling progress: 40%' }),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Message Fellow 01' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?conversation=${CONVERSATION_ID}`));
    expect(calls.find((c) => c.path === '/api/conversations')!.body).toEqual({
      user1_id: me.id,
      user2_id: fellow.id,
    });
  });

  it('hides the Message button of a private profile and of someone who takes no messages', async () => {
    const closed = person(2, { allow_messages: false });
    server(
      {
        instructors: [sifu],
        courses: [{ course_id: COURSE_ID, course_name: 'Silk Reeling', total: 1, students: [closed] }],
      },
      { [`GET /api/user/${closed.id}/profile`]: () => ({ body: closed }) },
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Sifu Lin, Private Profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sifu Lin' });
    expect(within(dialog).getByText(COMMUNITY_MESSAGES.privateProfile)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /^Message/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: /close/i }));
    await user.click(screen.getByRole('button', { name: /^Fellow 02,/ }));
    const other = await screen.findByRole('dialog', { name: 'Fellow 02' });
    expect(await within(other).findByText('Taipei')).toBeTruthy();
    expect(within(other).queryByRole('button', { name: /^Message/ })).toBeNull();
  });
});
