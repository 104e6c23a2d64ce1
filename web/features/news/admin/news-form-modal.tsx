import { Alert, Checkbox, Group, Radio, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import {
  NEWS_AUTHOR_MAX,
  NEWS_BODY_MAX,
  NEWS_DESCRIPTION_MAX,
  NEWS_SAVE_FAILED,
  NEWS_TITLE_MAX,
  NewsInput,
  parseNewsTags,
  type News,
  type NewsStatus,
} from '../../../../common/news';
import { useSchemaForm } from '../../../lib/form';
import { formatDateTime } from '../../../lib/format';
import { useCurrentUser } from '../../../lib/session';
import { useCreateNews, useUpdateNews } from '../api';
import { ImageUploadField } from '../../../components/image-upload-field';
import { FormButtons, FormModal, saveItem, uploadFieldProps } from '../../../components/form-modal';

export const NEWS_SAVED = 'News Saved';
export const NOTIFY_LABEL = 'E-mail this to members who opted in';
export const THUMBNAIL_UPLOAD_FAILED = 'Failed to upload image. Please try again.';

export interface NewsFormValues {
  title: string;
  description: string;
  body: string;
  author_name: string;
  /** Comma-separated, as typed. */
  tags: string;
  is_important: boolean;
  status: NewsStatus;
  thumbnail_url: string;
  notify_members: boolean;
}

const SERVER_FIELDS = ['title', 'description', 'body', 'author_name', 'tags', 'status', 'thumbnail_url'];

function valuesOf(news: News | null, author: string): NewsFormValues {
  return {
    title: news?.title ?? '',
    description: news?.description ?? '',
    body: news?.body ?? '',
    author_name: news?.author_name ?? author,
    tags: news?.tags.join(', ') ?? '',
    is_important: news?.is_important ?? false,
    status: news?.status ?? 'published',
    thumbnail_url: news?.thumbnail_url ?? '',
    notify_members: false,
  };
}

/** Members are e-mailed only about an item that is both important and published. */
const canNotify = (values: NewsFormValues) => values.is_important && values.status === 'published';

/** What is sent: the tags as a list, no thumbnail as null, the e-mail only where it applies. */
function inputOf(values: NewsFormValues): NewsInput {
  return {
    ...values,
    tags: parseNewsTags(values.tags),
    thumbnail_url: values.thumbnail_url || null,
    notify_members: canNotify(values) && values.notify_members,
  };
}

function NewsForm({ news, onDone }: { news: News | null; onDone: () => void }) {
  const user = useCurrentUser();
  const [failed, setFailed] = useState(false);
  const { form, onSubmit, showServerErrors } = useSchemaForm<NewsFormValues>({
    schema: NewsInput,
    initialValues: valuesOf(news, user.name),
    toInput: inputOf,
    serverFields: SERVER_FIELDS,
    onValuesChange: () => setFailed(false),
  });
  const values = form.getValues();
  const { saving, save } = saveItem({
    id: news?.id,
    create: useCreateNews(),
    update: useUpdateNews(),
    savedMessage: NEWS_SAVED,
    onDone,
    onError: (error) => {
      if (!showServerErrors(error)) setFailed(true);
    },
  });

  const handleSubmit = onSubmit((submitted) => {
    setFailed(false);
    save(inputOf(submitted));
  });

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={news ? 'Edit news' : 'Add news'}>
      <Stack gap="sm">
        <TextInput
          label="Title"
          required
          maxLength={NEWS_TITLE_MAX}
          data-autofocus
          {...form.getInputProps('title')}
        />
        <Textarea
          label="Summary"
          required
          autosize
          minRows={2}
          maxLength={NEWS_DESCRIPTION_MAX}
          {...form.getInputProps('description')}
        />
        <Textarea
          label="Body"
          description="Plain text; a new line starts a new paragraph."
          required
          autosize
          minRows={5}
          maxRows={14}
          maxLength={NEWS_BODY_MAX}
          {...form.getInputProps('body')}
        />
        <TextInput
          label="Author"
          required
          maxLength={NEWS_AUTHOR_MAX}
          {...form.getInputProps('author_name')}
        />
        <TextInput
          label="Tags"
          description="Separated by commas, e.g. seminar, taijiquan"
          {...form.getInputProps('tags')}
        />
        <ImageUploadField
          target="news-thumbnails"
          failedMessage={THUMBNAIL_UPLOAD_FAILED}
          {...uploadFieldProps(form, 'thumbnail_url')}
        />
        <Checkbox label="Important" {...form.getInputProps('is_important', { type: 'checkbox' })} />
        <Radio.Group label="Status" {...form.getInputProps('status')}>
          <Group gap="md" mt={4}>
            <Radio value="published" label="Published" />
            <Radio value="draft" label="Draft" />
          </Group>
        </Radio.Group>
        {canNotify(values) &&
          (news?.notified_at ? (
            <Text size="sm" c="dimmed">
              Members were e-mailed about this on {formatDateTime(news.notified_at)}.
            </Text>
          ) : (
            <Checkbox label={NOTIFY_LABEL} {...form.getInputProps('notify_members', { type: 'checkbox' })} />
          ))}
        {failed && (
          <Alert color="red" role="alert">
            {NEWS_SAVE_FAILED}
          </Alert>
        )}
        <FormButtons saving={saving} submitLabel="Save News" onCancel={onDone} />
      </Stack>
    </form>
  );
}

export interface NewsFormModalProps {
  opened: boolean;
  /** The item being edited; null adds one. */
  news: News | null;
  onClose: () => void;
}

/** Add News / Edit News. */
export function NewsFormModal({ opened, news, onClose }: NewsFormModalProps) {
  return (
    <FormModal opened={opened} onClose={onClose} title={news ? 'Edit News' : 'Add News'}>
      <NewsForm key={news?.id ?? 'new'} news={news} onDone={onClose} />
    </FormModal>
  );
}
