import { Group, MultiSelect, Radio, Stack, TextInput, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  KNOWLEDGE_BODY_MAX,
  KNOWLEDGE_COURSES_MAX,
  KNOWLEDGE_HANZI_MAX,
  KNOWLEDGE_KINDS,
  KNOWLEDGE_PINYIN_MAX,
  KNOWLEDGE_RELATED_MAX,
  KNOWLEDGE_SOURCE_MAX,
  KNOWLEDGE_TITLE_MAX,
  KnowledgeInput,
  type KnowledgeEntry,
  type KnowledgeKind,
} from '../../../common/ai-sifu';
import { KNOWLEDGE_KIND_LABELS } from '../ai-sifu';
import { KNOWLEDGE_SAVE_FAILED } from './messages';
import { ApiRequestError } from '../../lib/api-client';
import { useSchemaForm } from '../../lib/form';
import { FormButtons, FormModal, SaveRefusedAlert, saveItem } from '../../components/form-modal';
import { courseQueries } from '../courses';
import { useCreateKnowledge, useKnowledgeEntries, useKnowledgeOptions, useUpdateKnowledge } from './api';

export const KNOWLEDGE_CREATED = 'Knowledge entry created';
export const KNOWLEDGE_UPDATED = 'Knowledge entry updated';

export interface KnowledgeFormValues {
  kind: KnowledgeKind;
  title: string;
  body: string;
  hanzi: string;
  pinyin: string;
  source: string;
  course_ids: string[];
  related_ids: string[];
}

const SERVER_FIELDS = ['kind', 'title', 'body', 'hanzi', 'pinyin', 'source', 'course_ids', 'related_ids'];

function valuesOf(entry: KnowledgeEntry | null): KnowledgeFormValues {
  return {
    kind: entry?.kind ?? 'term',
    title: entry?.title ?? '',
    body: entry?.body ?? '',
    hanzi: entry?.hanzi ?? '',
    pinyin: entry?.pinyin ?? '',
    source: entry?.source ?? '',
    course_ids: entry?.course_ids ?? [],
    related_ids: entry?.related_ids ?? [],
  };
}

/** The server's own words on a refused save (a 4xx) that names no field of the form. */
const refusalOf = (error: unknown) =>
  error instanceof ApiRequestError && error.status >= 400 && error.status < 500 ? error.message : null;

/** An entry as the related-entries picker names it: its title, hanzi and pinyin. */
const optionOf = (entry: Pick<KnowledgeEntry, 'id' | 'title' | 'hanzi' | 'pinyin'>) => ({
  value: entry.id,
  label: [entry.title, entry.hanzi, entry.pinyin && `(${entry.pinyin})`].filter(Boolean).join(' '),
});

/**
 * The related-entries picker's options: the chosen entries (those the entry had read by id when
 * the form opens, new ones remembered as they are picked) and the entries the server finds for
 * what is typed, the entry itself left out.
 */
function useRelatedOptions(entry: KnowledgeEntry | null, selected: string[]) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 300);
  const found = useKnowledgeOptions(q);
  const chosen = useKnowledgeEntries(entry?.related_ids ?? []);
  const [picked, setPicked] = useState<Record<string, string>>({});
  const options = new Map<string, string>();
  for (const entry of chosen) options.set(entry.id, optionOf(entry).label);
  for (const id of selected) if (!options.has(id) && picked[id]) options.set(id, picked[id]);
  for (const entry of found.data ?? [])
    if (!options.has(entry.id)) options.set(entry.id, optionOf(entry).label);
  if (entry) options.delete(entry.id);
  const data = [...options].map(([value, label]) => ({ value, label }));
  return {
    data,
    search,
    setSearch,
    loading: found.isFetching,
    /** Keeps the names of newly chosen entries while the search moves on. */
    remember: (ids: string[]) =>
      setPicked((before) => ({
        ...before,
        ...Object.fromEntries(
          data.filter((option) => ids.includes(option.value)).map((o) => [o.value, o.label]),
        ),
      })),
  };
}

/** Every course, drafts too, for the courses an entry is linked to. */
function useCourseOptions() {
  const courses = useQuery({
    ...courseQueries.list(),
    select: (data) => data.courses.map((course) => ({ value: course.id, label: course.title })),
  });
  return { options: courses.data ?? [], loading: courses.isPending };
}

function KnowledgeForm({ entry, onDone }: { entry: KnowledgeEntry | null; onDone: () => void }) {
  const courses = useCourseOptions();
  const [failed, setFailed] = useState<{ reason: string | null } | null>(null);
  const { form, onSubmit, showServerErrors } = useSchemaForm<KnowledgeFormValues>({
    schema: KnowledgeInput,
    initialValues: valuesOf(entry),
    serverFields: SERVER_FIELDS,
    onValuesChange: () => setFailed(null),
    validateInputOnChange: ['title', 'hanzi', 'pinyin', 'source'],
  });
  const related = useRelatedOptions(entry, form.getValues().related_ids);
  const { saving, save } = saveItem({
    id: entry?.id,
    create: useCreateKnowledge(),
    update: useUpdateKnowledge(),
    savedMessage: entry ? KNOWLEDGE_UPDATED : KNOWLEDGE_CREATED,
    onDone,
    onError: (error) => {
      if (!showServerErrors(error)) setFailed({ reason: refusalOf(error) });
    },
  });

  const handleSubmit = onSubmit((values) => {
    setFailed(null);
    save(values);
  });

  const relatedProps = form.getInputProps('related_ids');

  return (
    <form
      onSubmit={handleSubmit}
      noValidate
      aria-label={entry ? 'Edit knowledge entry' : 'Add knowledge entry'}
    >
      <Stack gap="sm">
        <Radio.Group label="Kind" required {...form.getInputProps('kind')}>
          <Group gap="md" mt={4}>
            {KNOWLEDGE_KINDS.map((kind) => (
              <Radio key={kind} value={kind} label={KNOWLEDGE_KIND_LABELS[kind]} />
            ))}
          </Group>
        </Radio.Group>
        <TextInput
          label="Title"
          required
          maxLength={KNOWLEDGE_TITLE_MAX}
          data-autofocus
          {...form.getInputProps('title')}
        />
        <Textarea
          label="Body"
          description="What AI Sifu may quote; a blank line starts a new paragraph."
          required
          autosize
          minRows={5}
          maxRows={14}
          maxLength={KNOWLEDGE_BODY_MAX}
          {...form.getInputProps('body')}
        />
        <Group grow align="flex-start" wrap="wrap" gap="sm">
          <TextInput
            label="Hanzi"
            description="e.g. 站桩"
            maxLength={KNOWLEDGE_HANZI_MAX}
            miw={160}
            {...form.getInputProps('hanzi')}
          />
          <TextInput
            label="Pinyin"
            description="With or without tone marks"
            maxLength={KNOWLEDGE_PINYIN_MAX}
            miw={160}
            {...form.getInputProps('pinyin')}
          />
        </Group>
        <TextInput
          label="Source"
          description="The book, teacher or passage it comes from"
          maxLength={KNOWLEDGE_SOURCE_MAX}
          {...form.getInputProps('source')}
        />
        <MultiSelect
          label="Related entries"
          placeholder="Search by title, hanzi or pinyin"
          data={related.data}
          searchable
          clearable
          // The server has searched already (pinyin without tones, hanzi, the text): show what it found.
          filter={({ options }) => options}
          searchValue={related.search}
          onSearchChange={related.setSearch}
          maxValues={KNOWLEDGE_RELATED_MAX}
          nothingFoundMessage={related.loading ? 'Searching…' : 'No entries found'}
          {...relatedProps}
          onChange={(ids: string[]) => {
            related.remember(ids);
            form.setFieldValue('related_ids', ids);
          }}
        />
        <MultiSelect
          label="Linked courses"
          description="Questions in these courses prefer this entry."
          data={courses.options}
          searchable
          clearable
          maxValues={KNOWLEDGE_COURSES_MAX}
          nothingFoundMessage={courses.loading ? 'Loading courses…' : 'No courses found'}
          {...form.getInputProps('course_ids')}
        />
        {failed && <SaveRefusedAlert message={KNOWLEDGE_SAVE_FAILED} reason={failed.reason} />}
        <FormButtons saving={saving} submitLabel="Save Entry" onCancel={onDone} />
      </Stack>
    </form>
  );
}

export interface KnowledgeFormModalProps {
  opened: boolean;
  /** The entry being edited; null adds one. */
  entry: KnowledgeEntry | null;
  onClose: () => void;
}

/** Add Entry / Edit Entry. */
export function KnowledgeFormModal({ opened, entry, onClose }: KnowledgeFormModalProps) {
  return (
    <FormModal opened={opened} onClose={onClose} title={entry ? 'Edit Entry' : 'Add Entry'}>
      <KnowledgeForm key={entry?.id ?? 'new'} entry={entry} onDone={onClose} />
    </FormModal>
  );
}
