import { Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

const SECTIONS = [
  {
    id: 'about',
    title: 'About',
    text: 'Kwoon is a nonprofit school teaching the traditional Chinese internal martial arts — Xingyiquan, Taijiquan and Baguazhang — in person and online.',
  },
  {
    id: 'research',
    title: 'Research',
    text: 'We study the classical texts and training methods of the internal arts and share what we learn with our students.',
  },
  {
    id: 'vision',
    title: 'Vision',
    text: 'Our aim is to keep these arts alive and open to everyone who wants to learn them, wherever they live.',
  },
];

/** Placeholder landing page; the full public site is built later (spec document 3). */
export function LandingPage() {
  return (
    <>
      <Container
        size="lg"
        py={{ base: 48, sm: 96 }}
        component="section"
        id="home"
        aria-labelledby="home-title"
      >
        <Stack gap="lg" maw={720}>
          <Title order={1} id="home-title" fz={{ base: 36, sm: 52 }}>
            Chinese internal martial arts, taught with care
          </Title>
          <Text size="xl">
            Train with our instructors in person or study online at your own pace. The first week is free for
            in-person courses.
          </Text>
          <Group>
            <Button component={Link} to="/app" size="md">
              Start E-Learning
            </Button>
            <Button component={Link} to="/workshops" size="md" variant="outline">
              Book a Session
            </Button>
          </Group>
        </Stack>
      </Container>
      <Container size="lg" pb={{ base: 48, sm: 96 }}>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="xl">
          {SECTIONS.map((section) => (
            <Stack
              key={section.id}
              gap="xs"
              component="section"
              id={section.id}
              aria-labelledby={`${section.id}-title`}
            >
              <Title order={2} id={`${section.id}-title`}>
                {section.title}
              </Title>
              <Text>{section.text}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </>
  );
}
