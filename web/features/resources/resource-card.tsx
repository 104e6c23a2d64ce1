import { Anchor, Badge, Button, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { resourcePreview, type Resource, type ResourceType } from '../../../common/resources';
import { PlainText } from '../../components/plain-text';
import { formatDate } from '../../lib/format';
import classes from './resource-card.module.css';

export const TYPE_LABELS: Record<ResourceType, string> = { blog: 'Blog', video: 'Video', audio: 'Audio' };
const TYPE_COLORS: Record<ResourceType, string> = { blog: 'blue', video: 'grape', audio: 'orange' };

/** The element id of a resource's card, which `#id` scrolls to. */
export const resourceCardId = (resourceId: string) => `resource-${resourceId}`;

/** A blog's text: its first 200 characters, then the whole of it in place once asked for. */
function BlogText({ resource, onRead }: { resource: Resource; onRead: () => void }) {
  const [expanded, setExpanded] = useState(false);
  const preview = resourcePreview(resource.content);
  const textId = `${resourceCardId(resource.id)}-text`;
  return (
    <Stack gap="xs" align="flex-start">
      <div id={textId} className={classes.text}>
        {expanded ? <PlainText text={resource.content} size="sm" /> : <Text size="sm">{preview.text}</Text>}
      </div>
      {preview.truncated && (
        <Button
          variant="subtle"
          size="compact-sm"
          px={0}
          aria-expanded={expanded}
          aria-controls={textId}
          onClick={() => {
            if (!expanded) onRead();
            setExpanded((open) => !open);
          }}
        >
          {expanded ? 'Show Less' : 'Read More'}
        </Button>
      )}
    </Stack>
  );
}

export interface ResourceCardProps {
  resource: Resource;
  highlighted?: boolean;
  /** A blog's whole text was opened: the view is counted. */
  onRead: (resourceId: string) => void;
}

/** One learning resource: what it is, who made it, and the blog's text or the player. */
export function ResourceCard({ resource, highlighted = false, onRead }: ResourceCardProps) {
  const titleId = `${resourceCardId(resource.id)}-title`;
  const label = TYPE_LABELS[resource.type];
  return (
    <Card
      withBorder
      padding="md"
      component="article"
      id={resourceCardId(resource.id)}
      aria-labelledby={titleId}
      className={classes.card}
      data-highlighted={highlighted || undefined}
    >
      <div className={classes.layout}>
        {resource.thumbnail && resource.type !== 'video' && (
          <Image src={resource.thumbnail} alt="" radius="sm" className={classes.thumbnail} />
        )}
        <Stack gap="xs" className={classes.body}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Title order={2} size="h4" id={titleId}>
              {resource.title}
            </Title>
            <Badge color={TYPE_COLORS[resource.type]} variant="light" className={classes.badge}>
              {label}
            </Badge>
          </Group>
          <Group gap="xs" c="dimmed">
            <Text size="sm">By {resource.author}</Text>
            <Text size="sm" aria-hidden>
              ·
            </Text>
            <Text size="sm" component="time" dateTime={resource.created_at}>
              {formatDate(resource.created_at)}
            </Text>
            {resource.duration && (
              <Group gap={4} wrap="nowrap">
                <IconClock size={14} aria-hidden />
                <Text size="sm">
                  <span className={classes.visuallyHidden}>Duration </span>
                  {resource.duration}
                </Text>
              </Group>
            )}
          </Group>
          {resource.description && <Text size="sm">{resource.description}</Text>}
          {resource.type === 'blog' && <BlogText resource={resource} onRead={() => onRead(resource.id)} />}
          {resource.type === 'video' && resource.video_url && (
            <video
              controls
              preload="metadata"
              src={resource.video_url}
              poster={resource.thumbnail ?? undefined}
              aria-label={`Video: ${resource.title}`}
              className={classes.video}
            />
          )}
          {resource.type === 'audio' && resource.audio_url && (
            <audio
              controls
              preload="metadata"
              src={resource.audio_url}
              aria-label={`Audio: ${resource.title}`}
              className={classes.audio}
            />
          )}
          {resource.courses.length > 0 && (
            <nav aria-label={`Courses related to ${resource.title}`}>
              <Text size="sm" fw={600}>
                Related courses
              </Text>
              <ul className={classes.courses}>
                {resource.courses.map((course) => (
                  <li key={course.id}>
                    <Anchor component={Link} to={`/app/course/${encodeURIComponent(course.id)}`} size="sm">
                      {course.title}
                    </Anchor>
                  </li>
                ))}
              </ul>
            </nav>
          )}
        </Stack>
      </div>
    </Card>
  );
}
