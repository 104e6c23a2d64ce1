import { Alert, Button, Group, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useCallbackRef, useDebouncedValue } from '@mantine/hooks';
import { IconDeviceFloppy, IconSend } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  BlogPostInput,
  DEFAULT_BLOG_AUTHOR,
  EXCERPT_MAX,
  META_DESCRIPTION_GUIDE,
  postSavedMessage,
  SAVE_FAILED_MESSAGE,
  type BlogMediaItem,
  type BlogPost,
  type BlogPostStatus,
} from '../../../../common/blog';
import { ConfirmDialog } from '../../../components/dialogs';
import { errorMessage } from '../../../lib/api-client';
import { useSchemaForm } from '../../../lib/form';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSaveBlogPost, useSlugFor } from './admin-api';
import { BannerField } from './banner-field';
import { BlogPreview } from './blog-preview';
import { MediaGalleryField } from './media-gallery-field';
import { RichTextField } from './rich-text-field';
import { TagsField } from './tags-field';

export const BLOG_LIST_PATH = '/app/admin/blog';

export interface BlogFormValues {
  title: string;
  excerpt: string;
  author: string;
  meta_description: string;
  banner_image: string;
  content: string;
  tags: string[];
  media: BlogMediaItem[];
  slug: string;
}

export function initialBlogValues(post?: BlogPost): BlogFormValues {
  return {
    title: post?.title ?? '',
    excerpt: post?.excerpt ?? '',
    author: post?.author ?? DEFAULT_BLOG_AUTHOR,
    meta_description: post?.meta_description ?? '',
    banner_image: post?.banner_image ?? '',
    content: post?.content ?? '',
    tags: post?.tags ?? [],
    media: post?.media ?? [],
    slug: post?.slug ?? '',
  };
}

/** The request body: a new post's slug comes from its title on the server, an existing one keeps its field. */
export function toBlogInput(values: BlogFormValues, status: BlogPostStatus, isNew: boolean): BlogPostInput {
  const { slug, ...rest } = values;
  return { ...rest, status, ...(isNew ? {} : { slug }) };
}

/** The server's refusals that name one of these fields show under it. */
const SERVER_FIELDS = ['title', 'excerpt', 'content', 'author', 'meta_description', 'slug', 'tags'] as const;

/** A counter under a field: 'n/limit', red once over. */
function Counter({ length, limit }: { length: number; limit: number }) {
  return (
    <Text component="span" size="xs" c={length > limit ? 'red' : 'dimmed'}>
      {length}/{limit}
    </Text>
  );
}

/** The address a new post will get, as the server works it out from the title. */
function SlugPreview({ title }: { title: string }) {
  const [debounced] = useDebouncedValue(title.trim(), 400);
  const slug = useSlugFor(debounced, null);
  if (!debounced) return null;
  return (
    <Text size="xs" c="dimmed" aria-live="polite">
      Address: /blog/{slug.data ?? '…'}
    </Text>
  );
}

/** The blog editor: every field of a post, a preview, and Save as Draft, Publish or Cancel. */
export function BlogPostForm({ post }: { post?: BlogPost }) {
  const isNew = !post;
  const navigate = useNavigate();
  const save = useSaveBlogPost();
  const [mode, setMode] = useState<'edit' | 'preview'>('edit');
  const [leaving, setLeaving] = useState(false);
  // The status being saved, for the spinner on its button.
  const [saving, setSaving] = useState<BlogPostStatus>('draft');
  const { form, onSubmit, showServerErrors } = useSchemaForm<BlogFormValues>({
    schema: BlogPostInput,
    // Both statuses pass the same rules: the form is checked as a draft whichever button sent it.
    toInput: (values) => toBlogInput(values, 'draft', isNew),
    initialValues: initialBlogValues(post),
    serverFields: SERVER_FIELDS,
    validateInputOnChange: ['excerpt'],
  });
  const values = form.getValues();
  // Stable handlers, so the memoised editor, uploads and tags skip a render for each key typed elsewhere.
  const handleBanner = useCallbackRef((url: string) => form.setFieldValue('banner_image', url));
  const handleContent = useCallbackRef((html: string) => form.setFieldValue('content', html));
  const handleMedia = useCallbackRef((media: BlogMediaItem[]) => form.setFieldValue('media', media));
  const handleTags = useCallbackRef((tags: string[]) => form.setFieldValue('tags', tags));

  const handleSave = (formValues: BlogFormValues, status: BlogPostStatus) => {
    setSaving(status);
    save.mutate(
      { postId: post?.id, input: toBlogInput(formValues, status, isNew) },
      {
        onSuccess: () => {
          notifySuccess(postSavedMessage(isNew, status));
          void navigate(BLOG_LIST_PATH);
        },
        onError: (error) => {
          showServerErrors(error);
          notifyError(errorMessage(error, SAVE_FAILED_MESSAGE));
        },
      },
    );
  };

  /**
   * The button that sent the form says the status (Enter in a field sends it through the first,
   * Save as Draft). Hidden fields cannot show their messages: a refused submit from the preview
   * returns to the form.
   */
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const status: BlogPostStatus = submitter?.getAttribute('value') === 'published' ? 'published' : 'draft';
    if (mode === 'preview' && form.validate().hasErrors) setMode('edit');
    onSubmit((formValues) => handleSave(formValues, status))(event);
  };

  const handleCancel = () => {
    if (form.isDirty()) setLeaving(true);
    else void navigate(BLOG_LIST_PATH);
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={isNew ? 'New blog post' : 'Edit blog post'}>
      <Stack gap="md">
        <SegmentedControl
          aria-label="Editor mode"
          value={mode}
          onChange={(value) => setMode(value === 'preview' ? 'preview' : 'edit')}
          data={[
            { value: 'edit', label: 'Edit' },
            { value: 'preview', label: 'Preview' },
          ]}
          w="fit-content"
        />
        {save.isError && (
          <Alert color="red" role="alert">
            {errorMessage(save.error, SAVE_FAILED_MESSAGE)}
          </Alert>
        )}
        {mode === 'preview' ? (
          <BlogPreview
            title={values.title}
            excerpt={values.excerpt}
            author={values.author || DEFAULT_BLOG_AUTHOR}
            bannerImage={values.banner_image}
            content={values.content}
            tags={values.tags}
            media={values.media}
            date={post?.published_at ?? new Date().toISOString()}
          />
        ) : (
          <Stack gap="md">
            <Stack gap={4}>
              <TextInput label="Title" required {...form.getInputProps('title')} />
              {isNew && <SlugPreview title={values.title} />}
            </Stack>
            {!isNew && (
              <TextInput
                label="Slug"
                description={`The post's address: /blog/${values.slug}`}
                {...form.getInputProps('slug')}
              />
            )}
            <Textarea
              label="Excerpt"
              required
              autosize
              minRows={2}
              description={<Counter length={values.excerpt.length} limit={EXCERPT_MAX} />}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              {...form.getInputProps('excerpt')}
            />
            <TextInput label="Author" {...form.getInputProps('author')} />
            <Textarea
              label="Meta description"
              autosize
              minRows={2}
              description={<Counter length={values.meta_description.length} limit={META_DESCRIPTION_GUIDE} />}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              {...form.getInputProps('meta_description')}
            />
            <BannerField value={values.banner_image} onChange={handleBanner} />
            <RichTextField
              label="Content"
              required
              value={values.content}
              onChange={handleContent}
              error={form.errors.content as string | undefined}
            />
            <MediaGalleryField value={values.media} onChange={handleMedia} />
            <TagsField
              value={values.tags}
              onChange={handleTags}
              error={form.errors.tags as string | undefined}
            />
          </Stack>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={handleCancel} disabled={save.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="light"
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            loading={save.isPending && saving === 'draft'}
            disabled={save.isPending}
            name="status"
            value="draft"
          >
            Save as Draft
          </Button>
          <Button
            type="submit"
            leftSection={<IconSend size={16} aria-hidden />}
            loading={save.isPending && saving === 'published'}
            disabled={save.isPending}
            name="status"
            value="published"
          >
            Publish
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={leaving}
        title="Discard changes?"
        confirmLabel="Leave without saving"
        confirmColor="red"
        onCancel={() => setLeaving(false)}
        onConfirm={() => void navigate(BLOG_LIST_PATH)}
      >
        <Text>You have unsaved changes to this post. Leave the editor without saving them?</Text>
      </ConfirmDialog>
    </form>
  );
}
