import { AspectRatio, Badge, Group, Image, Stack, Text, Title, Typography } from '@mantine/core';
import { useMemo } from 'react';
import { embedUrlFor, type BlogMediaItem } from '../../../../common/blog';
import { formatDate } from '../../../lib/format';
import classes from './blog-preview.module.css';

export interface BlogPreviewProps {
  title: string;
  excerpt: string;
  author: string;
  bannerImage: string;
  content: string;
  tags: string[];
  media: BlogMediaItem[];
  /** When the post was or will be published, for the byline. */
  date: string;
}

/**
 * The admin's own unsaved HTML, shown without what a browser would run: scripts, inline event
 * handlers and `javascript:` links go. (The server sanitises what it stores; this is only the
 * preview of what was typed, under a Content-Security-Policy that runs no inline script anyway.)
 */
export function previewHtml(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  doc.querySelectorAll('script, style, object, embed').forEach((element) => element.remove());
  doc.body.querySelectorAll('*').forEach((element) => {
    for (const attribute of [...element.attributes]) {
      const name = attribute.name.toLowerCase();
      const isScriptUrl = /^\s*javascript:/i.test(attribute.value);
      if (name.startsWith('on') || ((name === 'href' || name === 'src') && isScriptUrl))
        element.removeAttribute(attribute.name);
    }
  });
  return doc.body.innerHTML;
}

function GalleryItem({ item, position }: { item: BlogMediaItem; position: number }) {
  const name = item.caption || `Gallery item ${position}`;
  const embed = item.type === 'video' ? embedUrlFor(item.url) : null;
  return (
    <figure className={classes.figure}>
      {item.type === 'image' ? (
        <Image src={item.url} alt={name} radius="sm" />
      ) : embed === item.url ? (
        <AspectRatio ratio={16 / 9}>
          <iframe src={item.url} title={name} allowFullScreen loading="lazy" className={classes.frame} />
        </AspectRatio>
      ) : (
        <video src={item.url} controls preload="metadata" className={classes.video} aria-label={name} />
      )}
      {item.caption && (
        <Text component="figcaption" size="sm" c="dimmed" mt={4}>
          {item.caption}
        </Text>
      )}
    </figure>
  );
}

/** The post as its public page will show it: tags, title, byline, banner, excerpt, content, gallery. */
export function BlogPreview({
  title,
  excerpt,
  author,
  bannerImage,
  content,
  tags,
  media,
  date,
}: BlogPreviewProps) {
  const html = useMemo(() => previewHtml(content), [content]);
  return (
    <article aria-label="Post preview" className={classes.article}>
      <Stack gap="md">
        {tags.length > 0 && (
          <Group gap={6}>
            {tags.map((tag) => (
              <Badge key={tag} variant="light">
                {tag}
              </Badge>
            ))}
          </Group>
        )}
        <Title order={2} size="h1">
          {title || 'Untitled post'}
        </Title>
        <Text size="sm" c="dimmed">
          {author} · {formatDate(date)}
        </Text>
        {bannerImage && <Image src={bannerImage} alt="" radius="md" />}
        {excerpt && (
          <Text size="lg" fs="italic">
            {excerpt}
          </Text>
        )}
        <Typography>
          <div className={classes.content} dangerouslySetInnerHTML={{ __html: html }} />
        </Typography>
        {media.length > 0 && (
          <section aria-label="Media gallery">
            <Stack gap="md">
              {media.map((item, index) => (
                <GalleryItem key={`${index}-${item.url}`} item={item} position={index + 1} />
              ))}
            </Stack>
          </section>
        )}
      </Stack>
    </article>
  );
}
