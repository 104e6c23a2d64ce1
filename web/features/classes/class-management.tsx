import { Badge, Button, Card, Group, Modal, SegmentedControl, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  CLASS_MESSAGES,
  CLASS_TYPE_COLORS,
  CLASS_TYPE_LABELS,
  type Class,
  type ClassInput,
} from '../../../common/classes';
import { AdminRowList } from '../../components/admin-row-list';
import { ConfirmDeleteDialog } from '../../components/dialogs';
import { pageCount, PrevNextPager } from '../../components/prev-next-pager';
import { notifyError, notifySuccess } from '../../lib/notify';
import type { ClassStatusFilter } from './queries';
import { formatDate } from '../../lib/format';
import {
  ADMIN_CLASSES_PAGE_SIZE,
  useAdminClasses,
  useClassStats,
  useCreateClass,
  useDeleteClass,
  useSetClassStatus,
  useUpcomingMeetings,
  useUpdateClass,
} from './api';
import { ClassForm } from './class-form';
import classes from '../../components/panel-list.module.css';
import { EnrollmentsTab } from './enrollments-tab';
import { formatSessions } from './sessions';

const FILTERS: { value: ClassStatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'published', label: 'Published' },
  { value: 'draft', label: 'Draft' },
];
const UPCOMING_SHOWN = 3;

type Mode = { name: 'view'; klass: Class } | { name: 'create' } | { name: 'edit'; klass: Class };
const TITLES = { view: 'Class', create: 'Create Class', edit: 'Edit Class' } as const;

function StatusBadge({ published }: { published: boolean }) {
  return (
    <Badge size="sm" variant="filled" autoContrast color={published ? 'jade' : 'gray'}>
      {published ? 'Published' : 'Draft'}
    </Badge>
  );
}

function StatsLine() {
  const stats = useClassStats();
  if (!stats.data) return null;
  const s = stats.data;
  return (
    <Text size="xs" c="dimmed" role="status" aria-label="Class counts">
      {`${s.published_classes} published · ${s.draft_classes} draft · ${s.total_enrolled}/${s.total_capacity} seats taken · ${s.full_classes} full · ${s.waitlist_total} waitlisted · ${s.interest_total} interested`}
    </Text>
  );
}

function UpcomingLine() {
  const upcoming = useUpcomingMeetings(UPCOMING_SHOWN);
  if (!upcoming.data || upcoming.data.meetings.length === 0) return null;
  return (
    <Text size="xs" c="dimmed">
      {'Next: '}
      {upcoming.data.meetings
        .map(
          (m) =>
            `${m.class_name}, ${formatDate(m.date)} ${m.start_time.slice(0, 5)} (${m.current_enrollment}/${m.max_capacity})`,
        )
        .join(' · ')}
    </Text>
  );
}

interface ClassDetailsProps {
  klass: Class;
  onEdit: () => void;
  onDelete: () => void;
  onToggle: () => void;
  toggling: boolean;
}

function ClassDetails({ klass, onEdit, onDelete, onToggle, toggling }: ClassDetailsProps) {
  const rows: [string, string][] = [
    ['Instructor', klass.instructor_name],
    ['Location', klass.location],
    ['Sessions', formatSessions(klass.sessions)],
    ['Duration', `${klass.class_duration} minutes`],
    ['Skill focus', klass.skill_focus],
    ['Seats', `${klass.current_enrollment} of ${klass.max_capacity}${klass.is_full ? ' (full)' : ''}`],
    ['Waitlist', klass.waitlist_enabled ? `${klass.waitlist_count} waiting` : 'Off'],
    ['Price', klass.price === 0 ? 'Free' : `$${klass.price.toFixed(2)}`],
    ['Ages', klass.age_restrictions],
    ['Membership', klass.requires_membership ? 'Required' : 'Not required'],
  ];
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Badge variant="dot" color={CLASS_TYPE_COLORS[klass.class_type]}>
          {CLASS_TYPE_LABELS[klass.class_type]}
        </Badge>
        <StatusBadge published={klass.is_published} />
      </Group>
      {klass.description && <Text size="sm">{klass.description}</Text>}
      <dl className={classes.details}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <Group justify="flex-end" gap="xs">
        <Button variant="subtle" color="red" onClick={onDelete}>
          Delete
        </Button>
        <Button variant="default" onClick={onToggle} loading={toggling}>
          {klass.is_published ? 'Unpublish' : 'Publish'}
        </Button>
        <Button variant="default" component={Link} to={`/app/admin/classes/${klass.id}/attendance`}>
          Take attendance
        </Button>
        <Button onClick={onEdit}>Edit</Button>
      </Group>
    </Stack>
  );
}

/**
 * The admin dashboard's Class Management panel: a published/draft filter, the classes,
 * a modal to view, create and edit one (with its Enrollments), publish, delete and attendance.
 */
export function ClassManagement() {
  const [status, setStatus] = useState<ClassStatusFilter>('all');
  const [page, setPage] = useState(0);
  const list = useAdminClasses(status, page);
  const pages = pageCount(list.data?.total ?? 0, ADMIN_CLASSES_PAGE_SIZE);
  const [mode, setMode] = useState<Mode | null>(null);
  const [deleting, setDeleting] = useState<Class | null>(null);
  const create = useCreateClass();
  const update = useUpdateClass();
  const setClassStatus = useSetClassStatus();
  const remove = useDeleteClass();
  const close = () => setMode(null);

  const save = (klass?: Class) => (input: ClassInput, showServerErrors: (error: unknown) => boolean) => {
    const callbacks = {
      onSuccess: ({ class: saved }: { class: Class }) => {
        notifySuccess(klass ? CLASS_MESSAGES.updated : CLASS_MESSAGES.created);
        setMode(klass ? { name: 'edit', klass: saved } : { name: 'view', klass: saved });
      },
      onError: (error: unknown) => {
        if (!showServerErrors(error)) notifyError(CLASS_MESSAGES.saveFailed);
      },
    };
    if (klass) update.mutate({ id: klass.id, input }, callbacks);
    else create.mutate(input, callbacks);
  };

  const toggle = (klass: Class) =>
    setClassStatus.mutate(
      { id: klass.id, status: klass.is_published ? 'draft' : 'published' },
      {
        onSuccess: () => {
          notifySuccess(klass.is_published ? 'Class unpublished' : 'Class published');
          setMode((current) =>
            current && current.name !== 'create' && current.klass.id === klass.id
              ? { ...current, klass: { ...klass, is_published: !klass.is_published } }
              : current,
          );
        },
        // A failed status change is only logged, with no message on the screen.
        onError: (error) => console.error('Class status change failed', error),
      },
    );

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifySuccess('Class deleted');
        close();
        if (list.data?.classes.length === 1 && page > 0) setPage((p) => p - 1);
      },
      // A failed class delete is only logged, with no message on the screen.
      onError: (error) => console.error('Class delete failed', error),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="class-management-title">
      <Group justify="space-between" mb="xs" gap="xs">
        <Title order={2} size="h4" id="class-management-title">
          Class Management
        </Title>
        <Group gap="xs">
          <SegmentedControl
            aria-label="Filter classes"
            size="xs"
            data={FILTERS}
            value={status}
            onChange={(value) => {
              setStatus(value);
              setPage(0);
            }}
          />
          <Button
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => setMode({ name: 'create' })}
          >
            New Class
          </Button>
        </Group>
      </Group>
      <Stack gap={2} mb="xs">
        <StatsLine />
        <UpcomingLine />
      </Stack>
      <AdminRowList
        query={list}
        items={(data) => data.classes}
        label="Classes"
        loadingLabel="Loading classes"
        emptyText={CLASS_MESSAGES.empty}
        onOpen={(klass) => setMode({ name: 'view', klass })}
        row={(klass) => ({
          label: `${klass.class_name}, ${klass.is_published ? 'published' : 'draft'}`,
          title: klass.class_name,
          detail: `${formatSessions(klass.sessions)} · ${klass.current_enrollment}/${klass.max_capacity}`,
          badges: (
            <Group gap={4} wrap="nowrap" className={classes.badges}>
              <Badge size="sm" variant="dot" color={CLASS_TYPE_COLORS[klass.class_type]} visibleFrom="xs">
                {CLASS_TYPE_LABELS[klass.class_type]}
              </Badge>
              <StatusBadge published={klass.is_published} />
            </Group>
          ),
        })}
      />
      <PrevNextPager page={page} pages={pages} onChange={setPage} />
      <Modal
        opened={mode !== null}
        onClose={close}
        title={
          mode
            ? mode.name === 'create'
              ? TITLES.create
              : `${TITLES[mode.name]}: ${mode.klass.class_name}`
            : ''
        }
        size="xl"
        centered
      >
        {mode?.name === 'view' && (
          <ClassDetails
            klass={mode.klass}
            onEdit={() => setMode({ name: 'edit', klass: mode.klass })}
            onDelete={() => setDeleting(mode.klass)}
            onToggle={() => toggle(mode.klass)}
            toggling={setClassStatus.isPending}
          />
        )}
        {mode?.name === 'create' && (
          <ClassForm saving={create.isPending} onSubmit={save()} onCancel={close} />
        )}
        {mode?.name === 'edit' && (
          <Tabs defaultValue="details" keepMounted={false}>
            <Tabs.List mb="md">
              <Tabs.Tab value="details">Class Details</Tabs.Tab>
              <Tabs.Tab value="enrollments">Enrollments</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="details">
              <ClassForm
                key={mode.klass.updated_at}
                klass={mode.klass}
                saving={update.isPending}
                onSubmit={save(mode.klass)}
                onCancel={() => setMode({ name: 'view', klass: mode.klass })}
              />
            </Tabs.Panel>
            <Tabs.Panel value="enrollments">
              <EnrollmentsTab klass={mode.klass} />
            </Tabs.Panel>
          </Tabs>
        )}
      </Modal>
      <ConfirmDeleteDialog
        opened={deleting !== null}
        title="Delete Class"
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      >
        {`Delete ${deleting?.class_name ?? ''}, with its enrolments and attendance?`}
      </ConfirmDeleteDialog>
    </Card>
  );
}
