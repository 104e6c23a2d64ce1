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
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  CONTACT_FAILED_MESSAGE,
  CONTACT_MESSAGE_MAX,
  CONTACT_NAME_MAX,
  CONTACT_REFERENCE_MAX,
  CONTACT_SUBJECT_MAX,
  CONTACT_TOPIC_LABELS,
  CONTACT_TOPICS,
  ContactInput,
  type ContactTopic,
} from '../../../common/contact';
import { ApiRequestError, errorMessage } from '../../lib/api-client';
import { useSchemaForm } from '../../lib/form';
import { useSession } from '../../lib/session';
import { useSendContactMessage } from './api';
import { prefillFromQuery, type ContactPrefill } from './contact-prefill';
import { SentNotice } from '../../components/sent-notice';

interface ContactValues {
  name: string;
  email: string;
  topic: ContactTopic;
  subject: string;
  message: string;
  reference: string;
}

const TOPIC_OPTIONS = CONTACT_TOPICS.map((topic) => ({ value: topic, label: CONTACT_TOPIC_LABELS[topic] }));

/** The request body for the form's values; a blank reference is left out. */
function toInput(values: ContactValues, courseId: string | undefined): ContactInput {
  const { reference, ...rest } = values;
  return {
    ...rest,
    ...(reference.trim() ? { reference } : {}),
    ...(courseId ? { course_id: courseId } : {}),
  };
}

/**
 * The server's own text for a refused message. A school without an administrator answers 503
 * 'Admin user not found.', which the reader should see too: the message went nowhere.
 */
function failureText(error: unknown): string {
  if (error instanceof ApiRequestError && error.code === 'ADMIN_NOT_FOUND') return error.message;
  return errorMessage(error, CONTACT_FAILED_MESSAGE);
}

/** /contact: visitors and students write to the school; the message is e-mailed to the admins. */
export function ContactPage() {
  const { user } = useSession();
  const [params] = useSearchParams();
  // The query fills the form once, when the page opens.
  const [prefill] = useState(() => prefillFromQuery(params));
  const [sentTo, setSentTo] = useState<string | null>(null);

  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>Contact Us</Title>
          <Text mt="sm">
            Questions about classes, online courses, a payment or your account? Write to us and the school
            will answer within 2 business days.
          </Text>
          <Text mt="xs" c="dimmed" size="sm">
            To delete your account, choose “My account” and tell us: deletion requests are processed in 3-5
            business days.
          </Text>
          {user && (
            <Text mt="xs" size="sm">
              Need help with the learning platform itself? You can also use the{' '}
              <Anchor component={Link} to="/app/support">
                Support Center
              </Anchor>
              .
            </Text>
          )}
        </div>
        {sentTo === null ? (
          <ContactForm
            prefill={prefill}
            defaultName={user?.name ?? ''}
            defaultEmail={user?.email ?? ''}
            onSent={setSentTo}
          />
        ) : (
          <MessageSent email={sentTo} onAnother={() => setSentTo(null)} />
        )}
      </Stack>
    </Container>
  );
}

function MessageSent({ email, onAnother }: { email: string; onAnother: () => void }) {
  return (
    <SentNotice
      title="Message sent"
      actions={
        <>
          <Button variant="default" onClick={onAnother}>
            Send another message
          </Button>
          <Button component={Link} to="/" reloadDocument variant="subtle">
            Back to home
          </Button>
        </>
      }
    >
      Thank you — your message has been sent. We will reply to <strong>{email}</strong>.
    </SentNotice>
  );
}

interface ContactFormProps {
  prefill: ContactPrefill;
  defaultName: string;
  defaultEmail: string;
  onSent: (email: string) => void;
}

function ContactForm({ prefill, defaultName, defaultEmail, onSent }: ContactFormProps) {
  const send = useSendContactMessage();
  const { form, onSubmit } = useSchemaForm<ContactValues>({
    schema: ContactInput,
    toInput: (values) => toInput(values, prefill.courseId),
    initialValues: {
      name: defaultName,
      email: defaultEmail,
      topic: prefill.topic,
      subject: prefill.subject,
      message: '',
      reference: prefill.reference,
    },
  });

  // The session may finish loading after the form opened: then fill what is still empty, once.
  const formRef = useRef(form);
  useEffect(() => {
    formRef.current = form;
  });
  useEffect(() => {
    const current = formRef.current;
    if (defaultName && !current.getValues().name) current.setFieldValue('name', defaultName);
    if (defaultEmail && !current.getValues().email) current.setFieldValue('email', defaultEmail);
  }, [defaultName, defaultEmail]);

  const handleSubmit = onSubmit((values) => {
    send.mutate(toInput(values, prefill.courseId), { onSuccess: () => onSent(values.email.trim()) });
  });

  const counter = `${form.values.message.length.toLocaleString('en-US')} / ${CONTACT_MESSAGE_MAX.toLocaleString('en-US')} characters`;

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Contact the school">
      <Stack gap="md">
        {send.isError && (
          <Alert color="red" role="alert" title="Your message was not sent">
            {failureText(send.error)}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Name"
            autoComplete="name"
            required
            maxLength={CONTACT_NAME_MAX}
            {...form.getInputProps('name')}
          />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            description="We will reply to this address"
            required
            {...form.getInputProps('email')}
          />
        </SimpleGrid>
        <Select
          label="Topic"
          data={TOPIC_OPTIONS}
          allowDeselect={false}
          required
          {...form.getInputProps('topic')}
        />
        <TextInput
          label="Subject"
          required
          maxLength={CONTACT_SUBJECT_MAX}
          {...form.getInputProps('subject')}
        />
        <Textarea
          label="Message"
          required
          autosize
          minRows={5}
          maxRows={14}
          maxLength={CONTACT_MESSAGE_MAX}
          description={counter}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...form.getInputProps('message')}
        />
        <TextInput
          label="Reference (optional)"
          description="An order number or the error you saw, if any"
          maxLength={CONTACT_REFERENCE_MAX}
          {...form.getInputProps('reference')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={send.isPending}>
            Send Message
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
