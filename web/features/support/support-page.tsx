import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { Link } from 'react-router';
import {
  ADMIN_NOT_FOUND_MESSAGE,
  DEFAULT_SUPPORT_PRIORITY,
  SUPPORT_BROWSER_MAX,
  SUPPORT_CATEGORIES,
  SUPPORT_CATEGORY_LABELS,
  SUPPORT_DESCRIPTION_MAX,
  SUPPORT_FAILED_MESSAGE,
  SUPPORT_PRIORITIES,
  SUPPORT_PRIORITY_LABELS,
  SUPPORT_STEPS_MAX,
  SUPPORT_SUBJECT_MAX,
  SupportRequestInput,
  type SupportCategory,
  type SupportPriority,
} from '../../../common/support';
import { ApiRequestError } from '../../lib/api-client';
import { useSchemaForm } from '../../lib/form';
import { useCurrentUser } from '../../lib/session';
import { useSendSupportRequest } from './api';
import { SentNotice } from '../../components/sent-notice';

interface SupportValues {
  subject: string;
  category: SupportCategory | '';
  priority: SupportPriority;
  description: string;
  steps_to_reproduce: string;
}

const CATEGORY_OPTIONS = SUPPORT_CATEGORIES.map((value) => ({
  value,
  label: SUPPORT_CATEGORY_LABELS[value],
}));
const PRIORITY_OPTIONS = SUPPORT_PRIORITIES.map((value) => ({
  value,
  label: SUPPORT_PRIORITY_LABELS[value],
}));

/** What the school needs to reproduce a problem: the browser, its platform and the screen. */
export function describeBrowser(): string {
  if (typeof navigator === 'undefined') return '';
  const screenSize = typeof screen === 'undefined' ? '' : `; screen ${screen.width}×${screen.height}`;
  return `${navigator.userAgent}; language ${navigator.language}${screenSize}`.slice(0, SUPPORT_BROWSER_MAX);
}

/** The request body: steps only for a bug, and the browser as the page read it. */
function toInput(values: SupportValues, browserInfo: string): SupportRequestInput {
  const { steps_to_reproduce: steps, category, ...rest } = values;
  return {
    ...rest,
    category: category as SupportCategory,
    ...(category === 'bug' && steps.trim() ? { steps_to_reproduce: steps } : {}),
    ...(browserInfo ? { browser_info: browserInfo } : {}),
  };
}

/** The server's own text when the school has no administrator to answer, else the form's failure text. */
function failureText(error: unknown): string {
  if (
    error instanceof ApiRequestError &&
    (error.code === 'ADMIN_NOT_FOUND' || error.message === ADMIN_NOT_FOUND_MESSAGE)
  )
    return ADMIN_NOT_FOUND_MESSAGE;
  return SUPPORT_FAILED_MESSAGE;
}

function RequestSent({ conversationId, onAnother }: { conversationId: string; onAnother: () => void }) {
  return (
    <SentNotice
      title="Request sent"
      actions={
        <>
          <Button component={Link} to={`/app/messages?conversation=${encodeURIComponent(conversationId)}`}>
            Open the conversation
          </Button>
          <Button variant="default" onClick={onAnother}>
            Send another request
          </Button>
        </>
      }
    >
      Thank you — the school has your request. The answer comes in your support conversation in Messages.
    </SentNotice>
  );
}

export function SupportForm({ onSent }: { onSent: (conversationId: string) => void }) {
  const send = useSendSupportRequest();
  const [browserInfo] = useState(describeBrowser);
  const { form, onSubmit } = useSchemaForm<SupportValues>({
    schema: SupportRequestInput,
    toInput: (values) => toInput(values, browserInfo),
    initialValues: {
      subject: '',
      category: '',
      priority: DEFAULT_SUPPORT_PRIORITY,
      description: '',
      steps_to_reproduce: '',
    },
  });

  const handleSubmit = onSubmit((values) => {
    send.mutate(toInput(values, browserInfo), { onSuccess: (answer) => onSent(answer.conversation_id) });
  });

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Support request">
      <Stack gap="md">
        {send.isError && (
          <Alert color="red" role="alert" title="Your request was not sent">
            {failureText(send.error)}
          </Alert>
        )}
        <TextInput
          label="Subject"
          required
          maxLength={SUPPORT_SUBJECT_MAX}
          {...form.getInputProps('subject')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Category"
            placeholder="Choose a category"
            data={CATEGORY_OPTIONS}
            allowDeselect={false}
            required
            {...form.getInputProps('category')}
          />
          <Select
            label="Priority"
            data={PRIORITY_OPTIONS}
            allowDeselect={false}
            required
            {...form.getInputProps('priority')}
          />
        </SimpleGrid>
        <Textarea
          label="Description"
          required
          autosize
          minRows={4}
          maxRows={12}
          maxLength={SUPPORT_DESCRIPTION_MAX}
          {...form.getInputProps('description')}
        />
        {form.values.category === 'bug' && (
          <Textarea
            label="Steps to reproduce"
            description="What you did, what you expected and what happened instead"
            autosize
            minRows={3}
            maxRows={10}
            maxLength={SUPPORT_STEPS_MAX}
            {...form.getInputProps('steps_to_reproduce')}
          />
        )}
        <TextInput
          label="Browser information"
          description="Filled in for you, to help us reproduce a problem"
          value={browserInfo}
          readOnly
        />
        <Group justify="flex-end">
          <Button type="submit" loading={send.isPending}>
            Send Request
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /app/support: members write to the school; administrators are told where the requests arrive. */
export function SupportPage() {
  const user = useCurrentUser();
  const [conversationId, setConversationId] = useState<string | null>(null);
  return (
    <Container size="sm" px={0}>
      <Stack gap="lg">
        <div>
          <Title order={1}>Support Center</Title>
          {user.is_admin ? (
            <Text mt="sm">
              Members' support requests arrive as support conversations in{' '}
              <Anchor component={Link} to="/app/messages" underline="always">
                Messages
              </Anchor>
              , where every administrator sees them and answers.
            </Text>
          ) : (
            <Text mt="sm">
              Something not working, or an idea for the platform? Tell us here: your request goes to the
              school's administrators, and their answer comes in Messages.
            </Text>
          )}
        </div>
        {!user.is_admin &&
          (conversationId === null ? (
            <SupportForm onSent={setConversationId} />
          ) : (
            <RequestSent conversationId={conversationId} onAnother={() => setConversationId(null)} />
          ))}
      </Stack>
    </Container>
  );
}
