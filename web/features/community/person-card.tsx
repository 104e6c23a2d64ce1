import { Badge, Text, UnstyledButton } from '@mantine/core';
import { COMMUNITY_MESSAGES } from '../../../common/community';
import type { PublicProfile } from '../../../common/users';
import { UserAvatar } from '../../components/user-avatar';
import classes from './community.module.css';

/** The details a card shows under the name: belt, city, martial art, whichever are given. */
export function cardDetails(person: PublicProfile): string {
  return [person.belt, person.city, person.martial_art].filter(Boolean).join(' · ');
}

/** One person of the community; a private profile shows its name only, as 'Private Profile'. */
export function PersonCard({ person, onOpen }: { person: PublicProfile; onOpen: () => void }) {
  const details = person.is_private ? COMMUNITY_MESSAGES.privateProfile : cardDetails(person);
  return (
    <UnstyledButton
      className={classes.card}
      onClick={onOpen}
      aria-label={`${person.name}, ${details || 'profile'}`}
    >
      <UserAvatar name={person.name} avatar={person.avatar} size="lg" radius="xl" />
      <div className={classes.text}>
        <Text fw={600} truncate>
          {person.name}
        </Text>
        {person.is_private ? (
          <Badge size="sm" variant="light" color="gray">
            {COMMUNITY_MESSAGES.privateProfile}
          </Badge>
        ) : (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {details}
          </Text>
        )}
      </div>
    </UnstyledButton>
  );
}

/** A list of cards, each opening the person's profile. */
export function PersonGrid({
  people,
  label,
  onOpen,
}: {
  people: PublicProfile[];
  label: string;
  onOpen: (person: PublicProfile) => void;
}) {
  return (
    <ul className={classes.grid} aria-label={label}>
      {people.map((person) => (
        <li key={person.id}>
          <PersonCard person={person} onOpen={() => onOpen(person)} />
        </li>
      ))}
    </ul>
  );
}
