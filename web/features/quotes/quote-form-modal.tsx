import { Alert, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import {
  QUOTE_AUTHOR_MAX,
  QUOTE_CATEGORIES,
  QUOTE_CATEGORY_LABELS,
  QUOTE_CHINESE_MAX,
  QUOTE_SOURCE_MAX,
  QUOTE_TEXT_MAX,
  QuoteInput,
  type Quote,
  type QuoteCategory,
} from '../../../common/quotes';
import { useSchemaForm } from '../../lib/form';
import { FormButtons, FormModal, saveItem } from '../../components/form-modal';
import { useCreateQuote, useUpdateQuote } from './api';

export const QUOTE_SAVED = 'Quote saved';
export const QUOTE_SAVE_FAILED = 'Failed to save quote. Please try again.';

export const CATEGORY_OPTIONS = QUOTE_CATEGORIES.map((value) => ({
  value,
  label: QUOTE_CATEGORY_LABELS[value],
}));

interface QuoteFormValues {
  text: string;
  chinese: string;
  author: string;
  source: string;
  /** '' until one is chosen: the schema names the missing category. */
  category: QuoteCategory | '';
}

const SERVER_FIELDS = ['text', 'chinese', 'author', 'source', 'category'];

function QuoteForm({ quote, onDone }: { quote: Quote | null; onDone: () => void }) {
  const [failed, setFailed] = useState(false);
  const { form, onSubmit, showServerErrors } = useSchemaForm<QuoteFormValues>({
    schema: QuoteInput,
    initialValues: {
      text: quote?.text ?? '',
      chinese: quote?.chinese ?? '',
      author: quote?.author ?? '',
      source: quote?.source ?? '',
      category: quote?.category ?? '',
    },
    serverFields: SERVER_FIELDS,
    onValuesChange: () => setFailed(false),
  });
  const { saving, save } = saveItem({
    id: quote?.id,
    create: useCreateQuote(),
    update: useUpdateQuote(),
    savedMessage: QUOTE_SAVED,
    onDone,
    onError: (error) => {
      if (!showServerErrors(error)) setFailed(true);
    },
  });

  const handleSubmit = onSubmit((values) => {
    setFailed(false);
    // The schema has accepted the values, so the category is one of the list.
    save({ ...values, category: values.category as QuoteCategory });
  });

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={quote ? 'Edit quote' : 'Add quote'}>
      <Stack gap="sm">
        <Textarea
          label="Quote"
          required
          autosize
          minRows={2}
          maxLength={QUOTE_TEXT_MAX}
          data-autofocus
          {...form.getInputProps('text')}
        />
        <Textarea
          label="Chinese text"
          lang="zh"
          autosize
          minRows={1}
          maxLength={QUOTE_CHINESE_MAX}
          {...form.getInputProps('chinese')}
        />
        <TextInput label="Author" required maxLength={QUOTE_AUTHOR_MAX} {...form.getInputProps('author')} />
        <TextInput label="Source" maxLength={QUOTE_SOURCE_MAX} {...form.getInputProps('source')} />
        <Select
          label="Category"
          required
          data={CATEGORY_OPTIONS}
          allowDeselect={false}
          {...form.getInputProps('category')}
          value={form.getValues().category || null}
          onChange={(value) => form.setFieldValue('category', (value ?? '') as QuoteCategory | '')}
        />
        {failed && (
          <Alert color="red" role="alert">
            {QUOTE_SAVE_FAILED}
          </Alert>
        )}
        <FormButtons saving={saving} submitLabel="Save Quote" onCancel={onDone} />
      </Stack>
    </form>
  );
}

export interface QuoteFormModalProps {
  opened: boolean;
  /** The quote being edited; null adds one. */
  quote: Quote | null;
  onClose: () => void;
}

export function QuoteFormModal({ opened, quote, onClose }: QuoteFormModalProps) {
  return (
    <FormModal opened={opened} onClose={onClose} title={quote ? 'Edit Quote' : 'Add Quote'}>
      <QuoteForm key={quote?.id ?? 'new'} quote={quote} onDone={onClose} />
    </FormModal>
  );
}
