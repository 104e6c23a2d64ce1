import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import {
  DAYS_OF_WEEK,
  SCHOOL_MESSAGES,
  SOCIAL_NETWORK_LABELS,
  SOCIAL_NETWORKS,
  SchoolSettingsInput,
  type DayOfWeek,
  type SchoolSettings,
  type SocialNetwork,
} from '../../../common/school';
import { PageLoader } from '../../components/page-loader';
import { errorMessage } from '../../lib/api-client';
import { useSchemaForm } from '../../lib/form';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useSaveSchoolSettings, useSchoolSettings } from './api';

interface HoursValues {
  label: string;
  days: DayOfWeek[];
  closed: boolean;
  opens: string;
  closes: string;
}

export interface SchoolValues {
  name: string;
  tagline: string;
  description: string;
  address: { street: string; city: string; region: string; postal_code: string; country: string };
  area_label: string;
  email: string;
  phone: string;
  hours: HoursValues[];
  social_links: { network: SocialNetwork; url: string }[];
  logo_url: string;
  /** A NumberInput's '' is "not given". */
  founded_year: number | '';
}

const SERVER_FIELDS = [
  'name',
  'tagline',
  'description',
  'address.street',
  'address.city',
  'address.region',
  'address.postal_code',
  'address.country',
  'area_label',
  'email',
  'phone',
  'logo_url',
  'founded_year',
] as const;

const DAY_OPTIONS = DAYS_OF_WEEK.map((day) => ({ value: day, label: day }));
const NETWORK_OPTIONS = SOCIAL_NETWORKS.map((value) => ({ value, label: SOCIAL_NETWORK_LABELS[value] }));

const valuesOf = (school: SchoolSettings): SchoolValues => ({
  name: school.name,
  tagline: school.tagline,
  description: school.description,
  address: { ...school.address },
  area_label: school.area_label,
  email: school.email,
  phone: school.phone,
  hours: school.hours.map((row) => ({ ...row, opens: row.opens ?? '', closes: row.closes ?? '' })),
  social_links: school.social_links.map((link) => ({ ...link })),
  logo_url: school.logo_url ?? '',
  founded_year: school.founded_year ?? '',
});

const toInput = (values: SchoolValues) => ({
  ...values,
  founded_year: values.founded_year === '' ? null : values.founded_year,
});

/** Settings → School, for administrators: the facts the public pages and e-mails show. */
export function SchoolSettingsSection() {
  const school = useSchoolSettings();
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="school-settings-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id="school-settings-title">
            School
          </Title>
          <Text size="sm" c="dimmed">
            Your school&apos;s name, address, hours and links, as the public site and e-mails show them.
          </Text>
        </div>
        {school.isPending ? (
          <PageLoader label="Loading school settings" />
        ) : school.isError ? (
          <Alert color="red">{SCHOOL_MESSAGES.loadFailed}</Alert>
        ) : (
          <SchoolSettingsForm school={school.data} />
        )}
      </Stack>
    </Paper>
  );
}

export function SchoolSettingsForm({ school }: { school: SchoolSettings }) {
  const save = useSaveSchoolSettings();
  const { form, onSubmit, showServerErrors } = useSchemaForm<SchoolValues>({
    schema: SchoolSettingsInput,
    initialValues: valuesOf(school),
    toInput,
    serverFields: SERVER_FIELDS,
  });

  const handleSubmit = onSubmit((values) =>
    save.mutate(toInput(values), {
      onSuccess: () => notifySuccess(SCHOOL_MESSAGES.saved),
      onError: (error) => {
        if (!showServerErrors(error)) notifyError(errorMessage(error, SCHOOL_MESSAGES.saveFailed));
      },
    }),
  );

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="School settings">
      <Stack gap="md">
        <TextInput label="School name" required {...form.getInputProps('name')} />
        <TextInput label="Tagline" required {...form.getInputProps('tagline')} />
        <Textarea
          label="Short description"
          required
          autosize
          minRows={2}
          {...form.getInputProps('description')}
        />
        <Fieldset legend="Address">
          <Stack gap="sm">
            <TextInput label="Street" required {...form.getInputProps('address.street')} />
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput label="City" required {...form.getInputProps('address.city')} />
              <TextInput label="Region" required {...form.getInputProps('address.region')} />
              <TextInput label="Postal code" required {...form.getInputProps('address.postal_code')} />
            </SimpleGrid>
            <TextInput label="Country" required {...form.getInputProps('address.country')} />
          </Stack>
        </Fieldset>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label="Area"
            description="e.g. Sonoma County"
            required
            {...form.getInputProps('area_label')}
          />
          <TextInput label="Email" type="email" required {...form.getInputProps('email')} />
          <TextInput label="Phone" type="tel" required {...form.getInputProps('phone')} />
        </SimpleGrid>
        <Fieldset legend="Opening hours">
          <Stack gap="sm">
            {form.values.hours.map((row, index) => (
              <Stack key={index} gap={6}>
                <Group align="flex-end" gap="sm" wrap="wrap">
                  <TextInput label="Days label" required {...form.getInputProps(`hours.${index}.label`)} />
                  <MultiSelect
                    label="Days"
                    data={DAY_OPTIONS}
                    {...form.getInputProps(`hours.${index}.days`)}
                  />
                  <Checkbox
                    label="Closed"
                    mb={8}
                    {...form.getInputProps(`hours.${index}.closed`, { type: 'checkbox' })}
                  />
                  {!row.closed && (
                    <>
                      <TextInput label="Opens" type="time" {...form.getInputProps(`hours.${index}.opens`)} />
                      <TextInput
                        label="Closes"
                        type="time"
                        {...form.getInputProps(`hours.${index}.closes`)}
                      />
                    </>
                  )}
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    mb={4}
                    aria-label={`Remove hours ${row.label || index + 1}`}
                    onClick={() => form.removeListItem('hours', index)}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              </Stack>
            ))}
            <Button
              variant="default"
              size="xs"
              onClick={() =>
                form.insertListItem('hours', { label: '', days: [], closed: false, opens: '', closes: '' })
              }
            >
              Add hours
            </Button>
          </Stack>
        </Fieldset>
        <Fieldset legend="Social links">
          <Stack gap="sm">
            {form.values.social_links.map((link, index) => (
              <Group key={index} align="flex-end" gap="sm">
                <Select
                  label="Network"
                  data={NETWORK_OPTIONS}
                  allowDeselect={false}
                  {...form.getInputProps(`social_links.${index}.network`)}
                />
                <TextInput
                  label="URL"
                  type="url"
                  flex={1}
                  {...form.getInputProps(`social_links.${index}.url`)}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mb={4}
                  aria-label={`Remove ${SOCIAL_NETWORK_LABELS[link.network]} link`}
                  onClick={() => form.removeListItem('social_links', index)}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
            <Button
              variant="default"
              size="xs"
              onClick={() => form.insertListItem('social_links', { network: 'website', url: '' })}
            >
              Add link
            </Button>
          </Stack>
        </Fieldset>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Logo URL"
            description="Leave empty to use the built-in logo"
            {...form.getInputProps('logo_url')}
          />
          <NumberInput label="Founded year" allowDecimal={false} {...form.getInputProps('founded_year')} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save School Settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
