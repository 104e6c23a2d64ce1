import { Button, Checkbox, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  TESTIMONIAL_TEXT_MAX,
  TESTIMONIAL_TEXT_MIN,
  TestimonialInput,
  type Testimonial,
  type TestimonialFields,
} from '../../../common/testimonials';
import { useSchemaForm } from '../../lib/form';

export interface TestimonialValues {
  student_name: string;
  instructor_context: string;
  testimonial_text: string;
  student_email: string;
  student_location: string;
  photo_url: string;
  video_url: string;
  is_featured: boolean;
}

const FIELDS = [
  'student_name',
  'instructor_context',
  'testimonial_text',
  'student_email',
  'student_location',
  'photo_url',
  'video_url',
] as const;

export const valuesOf = (testimonial?: Testimonial): TestimonialValues => ({
  student_name: testimonial?.student_name ?? '',
  instructor_context: testimonial?.instructor_context ?? '',
  testimonial_text: testimonial?.testimonial_text ?? '',
  student_email: testimonial?.student_email ?? '',
  student_location: testimonial?.student_location ?? '',
  photo_url: testimonial?.photo_url ?? '',
  video_url: testimonial?.video_url ?? '',
  is_featured: testimonial?.is_featured ?? false,
});

/** The request's fields; blanks go as they are and the shared schema stores them as null. */
export const fieldsOf = (values: TestimonialValues): TestimonialFields =>
  Object.fromEntries(FIELDS.map((name) => [name, values[name]])) as TestimonialFields;

export interface TestimonialFormProps {
  /** The testimonial being edited; none when adding one. */
  testimonial?: Testimonial;
  saving: boolean;
  /** `showServerErrors` puts a refusal's field messages under their fields (false when it named none). */
  onSubmit: (values: TestimonialValues, showServerErrors: (error: unknown) => boolean) => void;
  onCancel: () => void;
}

/** The add and edit views' form, checked by the same schema as the public form and the API. */
export function TestimonialForm({ testimonial, saving, onSubmit, onCancel }: TestimonialFormProps) {
  const {
    form,
    onSubmit: submitWith,
    showServerErrors,
  } = useSchemaForm<TestimonialValues>({
    schema: TestimonialInput,
    initialValues: valuesOf(testimonial),
    toInput: fieldsOf,
    serverFields: FIELDS,
    // Submit stays disabled while the form is invalid, so each field says what is wrong as it is typed.
    validateInputOnChange: [...FIELDS],
  });
  const length = form.values.testimonial_text.trim().length;
  const adding = testimonial === undefined;

  return (
    <form
      onSubmit={submitWith((values) => onSubmit(values, showServerErrors))}
      noValidate
      aria-label={adding ? 'Add testimonial' : 'Edit testimonial'}
    >
      <Stack gap="sm">
        <TextInput label="Student Name" required data-autofocus {...form.getInputProps('student_name')} />
        <TextInput
          label="Training Context"
          description="The art, the instructor or class, how long"
          required
          {...form.getInputProps('instructor_context')}
        />
        <Textarea
          label="Testimonial"
          required
          autosize
          minRows={4}
          maxRows={12}
          description={
            <Text component="span" size="xs" aria-live="polite">
              {`${length}/${TESTIMONIAL_TEXT_MAX} characters (at least ${TESTIMONIAL_TEXT_MIN})`}
            </Text>
          }
          {...form.getInputProps('testimonial_text')}
        />
        <TextInput label="Email" type="email" {...form.getInputProps('student_email')} />
        <TextInput label="Location" {...form.getInputProps('student_location')} />
        <TextInput label="Photo URL" type="url" {...form.getInputProps('photo_url')} />
        <TextInput label="Video URL" type="url" {...form.getInputProps('video_url')} />
        {adding && <Checkbox label="Featured" {...form.getInputProps('is_featured', { type: 'checkbox' })} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={saving} disabled={!form.isValid()}>
            {adding ? 'Add Testimonial' : 'Save Changes'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
