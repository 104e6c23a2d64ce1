import {
  ActionIcon,
  Button,
  Checkbox,
  Fieldset,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  CLASS_CAPACITY_MAX,
  CLASS_CAPACITY_MIN,
  CLASS_DAYS,
  CLASS_DEFAULTS,
  CLASS_DURATION_MAX,
  CLASS_DURATION_MIN,
  CLASS_SESSIONS_MAX,
  CLASS_TYPE_LABELS,
  CLASS_TYPES,
  ClassInput,
  type Class,
  type ClassDay,
  type ClassType,
} from '../../../common/classes';
import { useSchemaForm } from '../../lib/form';

export interface SessionValues {
  day_of_week: ClassDay;
  start_time: string;
  end_time: string;
}

export interface ClassValues {
  class_name: string;
  description: string;
  instructor_name: string;
  location: string;
  class_type: ClassType;
  skill_focus: string;
  class_duration: number | string;
  max_capacity: number | string;
  price: number | string;
  age_restrictions: string;
  requires_membership: boolean;
  waitlist_enabled: boolean;
  is_published: boolean;
  video_embed_url: string;
  sessions: SessionValues[];
}

const FIELDS = [
  'class_name',
  'description',
  'instructor_name',
  'location',
  'class_type',
  'skill_focus',
  'class_duration',
  'max_capacity',
  'price',
  'age_restrictions',
  'video_embed_url',
  'sessions',
] as const;

const TYPE_OPTIONS = CLASS_TYPES.map((value) => ({ value, label: CLASS_TYPE_LABELS[value] }));
const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const DAY_OPTIONS = CLASS_DAYS.map((value) => ({ value, label: capitalize(value) }));

export const classValues = (klass?: Class): ClassValues =>
  klass
    ? {
        class_name: klass.class_name,
        description: klass.description ?? '',
        instructor_name: klass.instructor_name,
        location: klass.location,
        class_type: klass.class_type,
        skill_focus: klass.skill_focus,
        class_duration: klass.class_duration,
        max_capacity: klass.max_capacity,
        price: klass.price,
        age_restrictions: klass.age_restrictions,
        requires_membership: klass.requires_membership,
        waitlist_enabled: klass.waitlist_enabled,
        is_published: klass.is_published,
        video_embed_url: klass.video_embed_url ?? '',
        sessions: klass.sessions.map((s) => ({
          day_of_week: s.day_of_week,
          start_time: s.start_time.slice(0, 5),
          end_time: s.end_time.slice(0, 5),
        })),
      }
    : {
        ...CLASS_DEFAULTS,
        class_type: 'beginner',
        sessions: CLASS_DEFAULTS.sessions.map((s) => ({ ...s, day_of_week: 'monday' })),
      };

/** A NumberInput's '' is "empty": the schema says what is missing rather than reading 0. */
const numberOf = (value: number | string) => (value === '' ? undefined : value);

export const classInput = (values: ClassValues): ClassInput => ({
  ...values,
  class_duration: numberOf(values.class_duration),
  max_capacity: numberOf(values.max_capacity),
  price: numberOf(values.price),
});

export interface ClassFormProps {
  klass?: Class;
  saving: boolean;
  onSubmit: (input: ClassInput, showServerErrors: (error: unknown) => boolean) => void;
  onCancel: () => void;
}

/** The class form, checked by the same schema as the API. */
export function ClassForm({ klass, saving, onSubmit, onCancel }: ClassFormProps) {
  const {
    form,
    onSubmit: submitWith,
    showServerErrors,
  } = useSchemaForm<ClassValues>({
    schema: ClassInput,
    initialValues: classValues(klass),
    toInput: classInput,
    serverFields: FIELDS,
  });
  const sessions = form.values.sessions;
  const sessionsError = form.errors.sessions;

  return (
    <form
      noValidate
      aria-label={klass ? 'Edit class' : 'Create class'}
      onSubmit={submitWith((values) => onSubmit(classInput(values), showServerErrors))}
    >
      <Stack gap="sm">
        <TextInput label="Class name" required data-autofocus {...form.getInputProps('class_name')} />
        <Textarea
          label="Description"
          autosize
          minRows={2}
          maxRows={8}
          {...form.getInputProps('description')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Instructor" required {...form.getInputProps('instructor_name')} />
          <TextInput label="Location" required {...form.getInputProps('location')} />
          <Select
            label="Class type"
            required
            data={TYPE_OPTIONS}
            allowDeselect={false}
            {...form.getInputProps('class_type')}
          />
          <TextInput label="Skill focus" required {...form.getInputProps('skill_focus')} />
          <NumberInput
            label="Duration (minutes)"
            required
            min={CLASS_DURATION_MIN}
            max={CLASS_DURATION_MAX}
            allowDecimal={false}
            clampBehavior="none"
            {...form.getInputProps('class_duration')}
          />
          <NumberInput
            label="Max capacity"
            required
            min={CLASS_CAPACITY_MIN}
            max={CLASS_CAPACITY_MAX}
            allowDecimal={false}
            clampBehavior="none"
            {...form.getInputProps('max_capacity')}
          />
          <NumberInput
            label="Price"
            required
            min={0}
            step={0.01}
            decimalScale={2}
            clampBehavior="none"
            prefix="$"
            {...form.getInputProps('price')}
          />
          <TextInput label="Age restrictions" {...form.getInputProps('age_restrictions')} />
        </SimpleGrid>
        <TextInput
          label="Video URL"
          type="url"
          description="A YouTube or Vimeo link shown on the back of the class card"
          {...form.getInputProps('video_embed_url')}
        />
        <Fieldset legend="Weekly sessions" variant="unstyled">
          <Stack gap="xs">
            {sessions.map((_, index) => (
              <Group key={index} gap="xs" align="flex-end" wrap="wrap">
                <Select
                  label={`Session ${index + 1} day`}
                  required
                  data={DAY_OPTIONS}
                  allowDeselect={false}
                  w={140}
                  {...form.getInputProps(`sessions.${index}.day_of_week`)}
                />
                <TextInput
                  label="Start"
                  type="time"
                  required
                  w={110}
                  {...form.getInputProps(`sessions.${index}.start_time`)}
                />
                <TextInput
                  label="End"
                  type="time"
                  required
                  w={110}
                  {...form.getInputProps(`sessions.${index}.end_time`)}
                />
                {sessions.length > 1 && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    mb={4}
                    aria-label={`Remove session ${index + 1}`}
                    onClick={() => form.removeListItem('sessions', index)}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                )}
              </Group>
            ))}
            {typeof sessionsError === 'string' && (
              <Text size="sm" c="red" role="alert">
                {sessionsError}
              </Text>
            )}
            <Group>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPlus size={14} aria-hidden />}
                disabled={sessions.length >= CLASS_SESSIONS_MAX}
                onClick={() =>
                  form.insertListItem('sessions', {
                    day_of_week: 'monday',
                    start_time: '18:00',
                    end_time: '19:00',
                  })
                }
              >
                Add session
              </Button>
            </Group>
          </Stack>
        </Fieldset>
        <Stack gap="xs">
          <Checkbox
            label="Requires membership"
            {...form.getInputProps('requires_membership', { type: 'checkbox' })}
          />
          <Checkbox
            label="Waitlist enabled"
            {...form.getInputProps('waitlist_enabled', { type: 'checkbox' })}
          />
          <Checkbox
            label="Publish Immediately"
            {...form.getInputProps('is_published', { type: 'checkbox' })}
          />
        </Stack>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {klass ? 'Save Changes' : 'Create Class'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
