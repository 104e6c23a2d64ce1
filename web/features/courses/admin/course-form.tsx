import {
  Alert,
  Button,
  Group,
  Image,
  Modal,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  COURSE_DEFAULTS,
  CourseInput,
  DEFAULT_FEATURE_IDS,
  FEATURE_CATALOGUE,
  SKILL_LEVELS,
  type CourseSummary,
  type SkillLevel,
} from '../../../../common/courses';
import { errorMessage } from '../../../lib/api-client';
import { useSchemaForm } from '../../../lib/form';
import { notifySuccess } from '../../../lib/notify';
import { useSaveCourse } from './admin-api';
import { ListInput } from './list-input';
import { MediaUpload } from './media-upload';

export interface CourseFormValues {
  title: string;
  description: string;
  instructor_name: string;
  skill_level: SkillLevel;
  category: string;
  language: string;
  estimated_hours: number | string;
  regular_price: number | string;
  is_series: boolean;
  thumbnail_url: string;
  prerequisites: string[];
  learning_objectives: string[];
  features: string[];
}

const SKILL_LEVEL_OPTIONS = SKILL_LEVELS.map((level) => ({
  value: level,
  label: level.charAt(0).toUpperCase() + level.slice(1),
}));
const FEATURE_OPTIONS = FEATURE_CATALOGUE.map((f) => ({ value: String(f.id), label: f.name }));

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

export function initialCourseValues(course?: CourseSummary): CourseFormValues {
  if (!course) {
    return {
      title: '',
      description: '',
      instructor_name: '',
      skill_level: COURSE_DEFAULTS.skill_level,
      category: COURSE_DEFAULTS.category,
      language: COURSE_DEFAULTS.language,
      estimated_hours: COURSE_DEFAULTS.estimated_hours,
      regular_price: COURSE_DEFAULTS.regular_price,
      is_series: COURSE_DEFAULTS.is_series,
      thumbnail_url: '',
      prerequisites: [],
      learning_objectives: [],
      features: DEFAULT_FEATURE_IDS.map(String),
    };
  }
  return {
    title: course.title,
    description: course.description,
    instructor_name: course.instructor_name,
    skill_level: course.skill_level,
    category: course.category,
    language: course.language,
    estimated_hours: course.estimated_hours,
    regular_price: course.regular_price,
    is_series: course.is_series,
    thumbnail_url: course.thumbnail_url ?? '',
    prerequisites: lines(course.prerequisites),
    learning_objectives: lines(course.learning_objectives),
    features: course.features.map((f) => String(f.id)),
  };
}

/**
 * The request body: the form's text fields as typed, numbers as numbers (an empty box is 0). The
 * numbers go to the schema as typed, so "-5" or "2.5" hours get its message instead of being
 * quietly changed into something else.
 */
export function toCourseInput(values: CourseFormValues) {
  const number = (value: number | string) => (value === '' ? 0 : Number(value));
  return {
    ...values,
    estimated_hours: number(values.estimated_hours),
    regular_price: number(values.regular_price),
    thumbnail_url: values.thumbnail_url.trim() || null,
    features: values.features.map(Number),
  };
}

export interface CourseFormDialogProps {
  opened: boolean;
  /** The course to edit; none to create one. */
  course?: CourseSummary;
  onClose: () => void;
}

export function CourseFormDialog({ opened, course, onClose }: CourseFormDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={course ? 'Edit Course' : 'Add Course'} size="xl" centered>
      <CourseForm key={course?.id ?? 'new'} course={course} onDone={onClose} />
    </Modal>
  );
}

export function CourseForm({ course, onDone }: { course?: CourseSummary; onDone: () => void }) {
  const save = useSaveCourse();
  const { form, onSubmit } = useSchemaForm<CourseFormValues>({
    schema: CourseInput,
    toInput: toCourseInput,
    initialValues: initialCourseValues(course),
  });

  const handleSubmit = onSubmit((values) => {
    // A new course starts unpublished (the API's default is published): it goes to the students
    // only through the card's Publish step. Editing leaves the published state alone.
    const input = course ? toCourseInput(values) : { ...toCourseInput(values), is_published: false };
    save.mutate(
      { courseId: course?.id, input },
      {
        onSuccess: () => {
          notifySuccess(course ? 'Course updated successfully' : 'Course created successfully');
          onDone();
        },
      },
    );
  });

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={course ? 'Edit course' : 'Add course'}>
      <Stack gap="md">
        {save.isError && (
          <Alert color="red" role="alert">
            {`Failed to save course: ${errorMessage(save.error, 'Please try again.')}`}
          </Alert>
        )}
        <TextInput label="Title" required data-autofocus {...form.getInputProps('title')} />
        <Textarea label="Description" autosize minRows={3} {...form.getInputProps('description')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Instructor" {...form.getInputProps('instructor_name')} />
          <Select
            label="Skill level"
            data={SKILL_LEVEL_OPTIONS}
            allowDeselect={false}
            {...form.getInputProps('skill_level')}
          />
          <TextInput label="Category" {...form.getInputProps('category')} />
          <TextInput label="Language" {...form.getInputProps('language')} />
          <NumberInput
            label="Estimated hours"
            description="Whole hours"
            min={0}
            clampBehavior="none"
            {...form.getInputProps('estimated_hours')}
          />
          <NumberInput
            label="Price (USD)"
            description="0 for a free course"
            min={0}
            step={0.01}
            clampBehavior="none"
            prefix="$"
            {...form.getInputProps('regular_price')}
          />
        </SimpleGrid>
        <Switch label="This is a series" {...form.getInputProps('is_series', { type: 'checkbox' })} />
        {!course && (
          <Alert color="gray" title="Starts unpublished">
            Students will not see the course until you publish it with the Publish button on its card, once
            its modules and lessons are ready.
          </Alert>
        )}
        <Stack gap={6}>
          <TextInput
            label="Thumbnail URL"
            description="Upload an image (up to 5MB) or paste a link."
            {...form.getInputProps('thumbnail_url')}
          />
          <MediaUpload
            folder="course-thumbnails"
            label="Upload thumbnail"
            onUploaded={(url) => form.setFieldValue('thumbnail_url', url)}
          />
          {form.values.thumbnail_url && (
            <Image src={form.values.thumbnail_url} alt="Thumbnail preview" h={120} w="auto" fit="contain" />
          )}
        </Stack>
        <ListInput
          label="Prerequisites"
          itemName="prerequisite"
          value={form.values.prerequisites}
          onChange={(value) => form.setFieldValue('prerequisites', value)}
          error={form.errors.prerequisites as string | undefined}
        />
        <ListInput
          label="Learning objectives"
          itemName="learning objective"
          value={form.values.learning_objectives}
          onChange={(value) => form.setFieldValue('learning_objectives', value)}
          error={form.errors.learning_objectives as string | undefined}
        />
        <MultiSelect
          label="Features"
          description="Each feature can be added once."
          data={FEATURE_OPTIONS}
          searchable
          {...form.getInputProps('features')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {course ? 'Save Changes' : 'Create Course'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
