import { Group, MultiSelect, Radio, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  RESOURCE_AUTHOR_MAX,
  RESOURCE_CONTENT_MAX,
  RESOURCE_DESCRIPTION_MAX,
  RESOURCE_DURATION_MAX,
  RESOURCE_RELATED_COURSES_MAX,
  RESOURCE_SAVE_FAILED,
  RESOURCE_SAVED,
  RESOURCE_TITLE_MAX,
  RESOURCE_TYPES,
  ResourceInput,
  type Resource,
  type ResourceType,
} from '../../../../common/resources';
import { ApiRequestError } from '../../../lib/api-client';
import { useSchemaForm } from '../../../lib/form';
import {
  FormButtons,
  FormModal,
  SaveRefusedAlert,
  saveItem,
  uploadFieldProps,
} from '../../../components/form-modal';
import { courseQueries } from '../../courses';
import { useCurrentUser } from '../../../lib/session';
import { useCreateResource, useUpdateResource } from '../api';
import { TYPE_LABELS } from '../resource-card';
import { MediaField, ResourceThumbnailField } from './media-field';

export interface ResourceFormValues {
  type: ResourceType;
  title: string;
  description: string;
  author: string;
  content: string;
  video_url: string;
  audio_url: string;
  thumbnail: string;
  duration: string;
  related_courses: string[];
  is_published: boolean;
}

const SERVER_FIELDS = [
  'type',
  'title',
  'description',
  'author',
  'content',
  'video_url',
  'audio_url',
  'thumbnail',
  'duration',
  'related_courses',
];

function valuesOf(resource: Resource | null, author: string): ResourceFormValues {
  return {
    type: resource?.type ?? 'blog',
    title: resource?.title ?? '',
    description: resource?.description ?? '',
    author: resource?.author ?? author,
    content: resource?.content ?? '',
    video_url: resource?.video_url ?? '',
    audio_url: resource?.audio_url ?? '',
    thumbnail: resource?.thumbnail ?? '',
    duration: resource?.duration ?? '',
    related_courses: resource?.related_courses ?? [],
    is_published: resource?.is_published ?? true,
  };
}

/** What is sent: no file as null. The other types' fields go as they are (common/resources.ts). */
const inputOf = (values: ResourceFormValues): ResourceInput => ({
  ...values,
  video_url: values.video_url.trim() || null,
  audio_url: values.audio_url.trim() || null,
  thumbnail: values.thumbnail || null,
});

/** The server's own words on a refused save (a 400) that names no field of the form. */
const refusalOf = (error: unknown) =>
  error instanceof ApiRequestError && error.status === 400 ? error.message : null;

/** The courses a resource can point to: every course, drafts too, as the admin's course list has them. */
function useCourseOptions(resource: Resource | null) {
  const courses = useQuery({
    ...courseQueries.list(),
    select: (data) => data.courses.map((course) => ({ value: course.id, label: course.title })),
  });
  const listed = courses.data ?? [];
  // A related course the list no longer has still shows by its name rather than its id.
  const missing = (resource?.courses ?? [])
    .filter((course) => !listed.some((option) => option.value === course.id))
    .map((course) => ({ value: course.id, label: course.title }));
  return { options: [...listed, ...missing], loading: courses.isPending };
}

function ResourceForm({ resource, onDone }: { resource: Resource | null; onDone: () => void }) {
  const user = useCurrentUser();
  const courses = useCourseOptions(resource);
  const [failed, setFailed] = useState<{ reason: string | null } | null>(null);
  const { form, onSubmit, showServerErrors } = useSchemaForm<ResourceFormValues>({
    schema: ResourceInput,
    initialValues: valuesOf(resource, user.name),
    toInput: inputOf,
    serverFields: SERVER_FIELDS,
    onValuesChange: () => setFailed(null),
  });
  const values = form.getValues();
  const { saving, save } = saveItem({
    id: resource?.id,
    create: useCreateResource(),
    update: useUpdateResource(),
    savedMessage: RESOURCE_SAVED,
    onDone,
    onError: (error) => {
      if (!showServerErrors(error)) setFailed({ reason: refusalOf(error) });
    },
  });

  const handleSubmit = onSubmit((submitted) => {
    setFailed(null);
    save(inputOf(submitted));
  });

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={resource ? 'Edit resource' : 'Add resource'}>
      <Stack gap="sm">
        <Radio.Group label="Type" required {...form.getInputProps('type')}>
          <Group gap="md" mt={4}>
            {RESOURCE_TYPES.map((type) => (
              <Radio key={type} value={type} label={TYPE_LABELS[type]} />
            ))}
          </Group>
        </Radio.Group>
        <TextInput
          label="Title"
          required
          maxLength={RESOURCE_TITLE_MAX}
          data-autofocus
          {...form.getInputProps('title')}
        />
        <Textarea
          label="Description"
          autosize
          minRows={2}
          maxLength={RESOURCE_DESCRIPTION_MAX}
          {...form.getInputProps('description')}
        />
        <TextInput
          label="Author"
          required
          maxLength={RESOURCE_AUTHOR_MAX}
          {...form.getInputProps('author')}
        />
        {values.type === 'blog' && (
          <Textarea
            label="Content"
            description="Plain text; a blank line starts a new paragraph."
            required
            autosize
            minRows={6}
            maxRows={16}
            maxLength={RESOURCE_CONTENT_MAX}
            {...form.getInputProps('content')}
          />
        )}
        {values.type === 'video' && (
          <MediaField kind="video" label="Video" required {...uploadFieldProps(form, 'video_url')} />
        )}
        {values.type === 'audio' && (
          <MediaField kind="audio" label="Audio" required {...uploadFieldProps(form, 'audio_url')} />
        )}
        <ResourceThumbnailField {...uploadFieldProps(form, 'thumbnail')} />
        <TextInput
          label="Duration"
          description='As it should read, e.g. "12:30" or "1 h 5 min".'
          maxLength={RESOURCE_DURATION_MAX}
          {...form.getInputProps('duration')}
        />
        <MultiSelect
          label="Related courses"
          data={courses.options}
          searchable
          clearable
          maxValues={RESOURCE_RELATED_COURSES_MAX}
          nothingFoundMessage={courses.loading ? 'Loading courses…' : 'No courses found'}
          {...form.getInputProps('related_courses')}
        />
        <Switch label="Published" {...form.getInputProps('is_published', { type: 'checkbox' })} />
        {failed && <SaveRefusedAlert message={RESOURCE_SAVE_FAILED} reason={failed.reason} />}
        <FormButtons saving={saving} submitLabel="Save Resource" onCancel={onDone} />
      </Stack>
    </form>
  );
}

export interface ResourceFormModalProps {
  opened: boolean;
  /** The resource being edited; null adds one. */
  resource: Resource | null;
  onClose: () => void;
}

/** Add Resource / Edit Resource. */
export function ResourceFormModal({ opened, resource, onClose }: ResourceFormModalProps) {
  return (
    <FormModal opened={opened} onClose={onClose} title={resource ? 'Edit Resource' : 'Add Resource'}>
      <ResourceForm key={resource?.id ?? 'new'} resource={resource} onDone={onClose} />
    </FormModal>
  );
}
