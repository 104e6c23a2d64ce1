import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  ScrollArea,
  Select,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import {
  COURSE_REQUEST_STATUS_LABELS,
  COURSE_REQUEST_STATUSES,
  COURSE_REQUEST_TEXT_MAX,
  type CourseRequest,
  CourseRequestStatus,
} from '../../../common/course-requests';
import { PanelBody } from '../../components/panel-body';
import { pageCount, PrevNextPager } from '../../components/prev-next-pager';
import { StatusFilter } from '../../components/status-filter';
import { errorMessage } from '../../lib/api-client';
import { formatDate } from '../../lib/format';
import { notifySuccess } from '../../lib/notify';
import { ADMIN_COURSE_REQUESTS_PAGE_SIZE, useAdminCourseRequests, useUpdateCourseRequestStatus } from './api';
import classes from './course-requests-admin.module.css';

const STATUS_COLORS: Record<CourseRequestStatus, string> = {
  pending: 'yellow',
  under_review: 'blue',
  planned: 'grape',
  completed: 'jade',
  declined: 'gray',
};
const STATUS_OPTIONS = COURSE_REQUEST_STATUSES.map((value) => ({
  value,
  label: COURSE_REQUEST_STATUS_LABELS[value],
}));

/** Students' course requests, filtered by status, a page at a time; an admin changes a status with notes. */
export function CourseRequestsAdmin() {
  const [filter, setFilter] = useState<CourseRequestStatus | null>(null);
  const [page, setPage] = useState(0);
  const requests = useAdminCourseRequests(filter, page);
  const [selected, setSelected] = useState<CourseRequest | null>(null);
  const pages = pageCount(requests.data?.total ?? 0, ADMIN_COURSE_REQUESTS_PAGE_SIZE);

  const handleDone = (saved?: CourseRequestStatus) => {
    setSelected(null);
    // The last request of the last page left the filtered list: step back a page.
    if (filter && saved && saved !== filter && requests.data?.requests.length === 1 && page > 0) {
      setPage((p) => p - 1);
    }
  };

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="course-requests-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="course-requests-title">
          Course Requests
        </Title>
        <StatusFilter
          label="Filter course requests by status"
          statuses={COURSE_REQUEST_STATUSES}
          labels={COURSE_REQUEST_STATUS_LABELS}
          value={filter}
          onChange={(next) => {
            setFilter(next);
            setPage(0);
          }}
          width={180}
        />
      </Group>
      <PanelBody
        query={requests}
        loadingLabel="Loading course requests"
        isEmpty={(data) => data.requests.length === 0}
        emptyText="No course requests found"
      >
        {(data) => (
          <ScrollArea.Autosize mah="24rem" type="auto" offsetScrollbars>
            <Stack gap="sm">
              {data.requests.map((request) => (
                <Card
                  key={request.id}
                  withBorder
                  padding="sm"
                  component="article"
                  aria-label={request.subject}
                >
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <div className={classes.summary}>
                      <Text fw={600}>{request.subject}</Text>
                      <Text size="xs" c="dimmed">
                        {request.user_name} · {formatDate(request.created_at)}
                      </Text>
                    </div>
                    <Badge
                      color={STATUS_COLORS[request.status]}
                      variant="filled"
                      autoContrast
                      className={classes.status}
                    >
                      {COURSE_REQUEST_STATUS_LABELS[request.status]}
                    </Badge>
                  </Group>
                  <Text size="sm" mt={4} lineClamp={3}>
                    {request.reason}
                  </Text>
                  {request.admin_notes && (
                    <Text size="xs" c="dimmed" mt={4}>
                      Notes: {request.admin_notes}
                    </Text>
                  )}
                  <Button size="xs" variant="default" mt="xs" onClick={() => setSelected(request)}>
                    Change Status
                  </Button>
                </Card>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </PanelBody>
      {pages > 1 && <PrevNextPager page={page} pages={pages} onChange={setPage} />}
      <Modal
        opened={selected !== null}
        onClose={() => setSelected(null)}
        title="Course Request"
        size="lg"
        centered
      >
        {selected && <StatusForm key={selected.id} request={selected} onDone={handleDone} />}
      </Modal>
    </Card>
  );
}

function StatusForm({
  request,
  onDone,
}: {
  request: CourseRequest;
  /** Closes the form; `saved` is the status just stored, absent on Cancel. */
  onDone: (saved?: CourseRequestStatus) => void;
}) {
  const update = useUpdateCourseRequestStatus();
  const [status, setStatus] = useState<CourseRequestStatus>(request.status);
  const [notes, setNotes] = useState(request.admin_notes ?? '');

  const handleSave = () => {
    update.mutate(
      { requestId: request.id, input: { status, admin_notes: notes } },
      {
        onSuccess: () => {
          notifySuccess('Course request updated');
          onDone(status);
        },
      },
    );
  };

  return (
    <Stack gap="sm">
      {update.isError && (
        <Alert color="red" role="alert">
          {errorMessage(update.error, 'Failed to update the course request. Please try again.')}
        </Alert>
      )}
      <Text fw={600}>{request.subject}</Text>
      <Text size="sm" c="dimmed">
        Requested by {request.user_name} on {formatDate(request.created_at)}
      </Text>
      <div>
        <Text size="sm" fw={500}>
          Experience
        </Text>
        <Text size="sm" className={classes.written}>
          {request.experience}
        </Text>
      </div>
      <div>
        <Text size="sm" fw={500}>
          Reason
        </Text>
        <Text size="sm" className={classes.written}>
          {request.reason}
        </Text>
      </div>
      <Select
        label="Status"
        data={STATUS_OPTIONS}
        value={status}
        onChange={(value) => value && setStatus(CourseRequestStatus.parse(value))}
        allowDeselect={false}
      />
      <Textarea
        label="Admin notes"
        autosize
        minRows={3}
        maxLength={COURSE_REQUEST_TEXT_MAX}
        value={notes}
        onChange={(event) => setNotes(event.currentTarget.value)}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={() => onDone()}>
          Cancel
        </Button>
        <Button onClick={handleSave} loading={update.isPending}>
          Save Status
        </Button>
      </Group>
    </Stack>
  );
}
