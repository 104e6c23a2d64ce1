import { Alert, Button, Group, Loader, Modal, Progress, Stack, Text, Title } from '@mantine/core';
import { IconMessage } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { COMMUNITY_MESSAGES } from '../../../common/community';
import type { ProfileResponse, PublicProfile } from '../../../common/users';
import { UserAvatar } from '../../components/user-avatar';
import { notifyError } from '../../lib/notify';
import { useCurrentUser } from '../../lib/session';
import { usePersonProfile, useStartConversation } from './api';
import classes from '../../components/panel-list.module.css';

/** The text when another member's profile cannot be read. */
export const PROFILE_LOAD_FAILED = 'Failed to load user profile. Please try again';

/** A profile as a non-admin sees it; an admin's answer (the full user) is read the same way. */
const isPublicProfile = (profile: ProfileResponse): profile is PublicProfile => 'is_private' in profile;

function Details({ profile }: { profile: PublicProfile }) {
  const rows: [string, string][] = [
    ['Belt', profile.belt ?? '—'],
    ['City', profile.city || '—'],
    ['Martial art', profile.martial_art || '—'],
    ['Experience', profile.experience === undefined ? '—' : `${profile.experience} years`],
  ];
  return (
    <Stack gap="sm">
      <dl className={classes.details}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {profile.courses && (
        <section aria-labelledby="profile-courses">
          <Title order={3} size="h5" id="profile-courses" mb={4}>
            Courses
          </Title>
          {profile.courses.length === 0 ? (
            <Text size="sm" c="dimmed">
              Not enrolled in any course
            </Text>
          ) : (
            <Stack gap={6}>
              {profile.courses.map((course) => (
                <div key={course.course_id}>
                  <Text size="sm">{course.course_name}</Text>
                  {course.progress !== undefined && (
                    <Progress
                      value={course.progress}
                      size="sm"
                      aria-label={`${course.course_name} progress: ${course.progress}%`}
                    />
                  )}
                </div>
              ))}
            </Stack>
          )}
        </section>
      )}
    </Stack>
  );
}

/**
 * A member's profile from the community: what their privacy allows, and 'Message {name}' when
 * they accept messages and are not private, which opens the conversation with them.
 */
export function ProfileModal({ person, onClose }: { person: PublicProfile | null; onClose: () => void }) {
  const me = useCurrentUser();
  const navigate = useNavigate();
  // A private profile has nothing more to show than its card.
  const profile = usePersonProfile(person && !person.is_private ? person.id : null);
  const start = useStartConversation();
  const shown = profile.data && isPublicProfile(profile.data) ? profile.data : person;

  const message = () => {
    if (!shown) return;
    start.mutate(
      { user1_id: me.id, user2_id: shown.id },
      {
        onSuccess: ({ conversation_id }) =>
          void navigate(`/app/messages?conversation=${encodeURIComponent(conversation_id)}`),
        onError: () => notifyError('Failed to start the conversation. Please try again'),
      },
    );
  };

  return (
    <Modal opened={person !== null} onClose={onClose} title={person?.name ?? 'Profile'} centered>
      {shown && (
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap">
            <UserAvatar name={shown.name} avatar={shown.avatar} size="xl" radius="xl" />
            <div>
              <Text fw={600}>{shown.name}</Text>
              <Text size="sm" c="dimmed">
                {shown.role === 'admin' ? 'Instructor' : 'Student'}
              </Text>
            </div>
          </Group>
          {shown.is_private ? (
            <Text c="dimmed">{COMMUNITY_MESSAGES.privateProfile}</Text>
          ) : profile.isPending ? (
            <Loader size="sm" aria-label="Loading profile" />
          ) : profile.isError ? (
            <Alert color="red">{PROFILE_LOAD_FAILED}</Alert>
          ) : (
            <Details profile={shown} />
          )}
          {!shown.is_private && shown.allow_messages && shown.id !== me.id && (
            <Group justify="flex-end">
              <Button
                leftSection={<IconMessage size={16} aria-hidden />}
                onClick={message}
                loading={start.isPending}
                aria-label={`Message ${shown.name}`}
              >
                Message
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}
