import { useState, type FormEvent } from 'react';
import { Alert, Button, Code, CopyButton, Group, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  SECURITY_ANSWERS_MESSAGE,
  SecurityQuestionsByEmailInput,
  TEMP_PASSWORD_TTL_MINUTES,
  type AuthResponse,
  type RequestResetResponse,
  type SecurityQuestion,
} from '../../../common/auth';
import { errorMessage } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import {
  SECURITY_QUESTIONS_FAILED_MESSAGE,
  SECURITY_VERIFICATION_FAILED_MESSAGE,
  TEMP_AUTH_FAILED_MESSAGE,
  useRequestReset,
  useSecurityQuestionsByEmail,
  useTempSignIn,
} from './api';

export interface ForgotPasswordDialogProps {
  opened: boolean;
  onClose: () => void;
  onSignedIn: (auth: AuthResponse) => void;
}

type Step =
  | { name: 'email' }
  | { name: 'questions'; email: string; questions: SecurityQuestion[] }
  | { name: 'result'; reset: RequestResetResponse };

const ANSWER_ORDER: SecurityQuestion['key'][] = ['username', 'city', 'country'];
const HINT_LABELS: Record<SecurityQuestion['key'], string> = {
  username: 'Username',
  city: 'City',
  country: 'Country',
};

function EmailStep({ onQuestions }: { onQuestions: (email: string, questions: SecurityQuestion[]) => void }) {
  const lookup = useSecurityQuestionsByEmail();
  const form = useForm({
    initialValues: { email: '' },
    validate: schemaResolver(SecurityQuestionsByEmailInput, { sync: true }),
  });
  const handleSubmit = form.onSubmit((values) => {
    const input = SecurityQuestionsByEmailInput.parse(values);
    lookup.mutate(input, { onSuccess: (data) => onQuestions(input.email, data.questions) });
  });
  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Find your account">
      <Stack gap="md">
        <Text size="sm">
          Enter the e-mail address of your account. We will ask you three security questions.
        </Text>
        {lookup.isError && (
          <Alert color="red" role="alert">
            {SECURITY_QUESTIONS_FAILED_MESSAGE}
          </Alert>
        )}
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          data-autofocus
          {...form.getInputProps('email')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={lookup.isPending}>
            Continue
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function QuestionsStep({
  email,
  questions,
  onReset,
}: {
  email: string;
  questions: SecurityQuestion[];
  onReset: (reset: RequestResetResponse) => void;
}) {
  const requestReset = useRequestReset();
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [missing, setMissing] = useState(false);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const ordered = ANSWER_ORDER.map((key) => (answers[key] ?? '').trim());
    const [username = '', city = '', country = ''] = ordered;
    if (ordered.some((answer) => answer === '')) {
      setMissing(true);
      return;
    }
    setMissing(false);
    requestReset.mutate({ email, securityAnswers: [username, city, country] }, { onSuccess: onReset });
  };

  const error = missing
    ? SECURITY_ANSWERS_MESSAGE
    : requestReset.isError
      ? errorMessage(requestReset.error, SECURITY_VERIFICATION_FAILED_MESSAGE)
      : null;

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Security questions">
      <Stack gap="md">
        <Text size="sm">Answer the questions with the details you gave when you signed up.</Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {questions.map((question, index) => (
          <TextInput
            key={question.key}
            label={question.question}
            required
            data-autofocus={index === 0 || undefined}
            value={answers[question.key] ?? ''}
            onChange={(event) => {
              const { value } = event.currentTarget;
              setAnswers((current) => ({ ...current, [question.key]: value }));
            }}
          />
        ))}
        <Group justify="flex-end">
          <Button type="submit" loading={requestReset.isPending}>
            Verify
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ResultStep({
  reset,
  onSignedIn,
}: {
  reset: RequestResetResponse;
  onSignedIn: (auth: AuthResponse) => void;
}) {
  const tempSignIn = useTempSignIn();
  const handleCloseAndLogin = () => {
    tempSignIn.mutate(
      { username: reset.user.username, tempPassword: reset.tempPassword },
      { onSuccess: onSignedIn },
    );
  };
  return (
    <Stack gap="md">
      <Text size="sm">
        Your identity is verified. Here are your account details and a temporary password.
      </Text>
      <List spacing={4} size="sm" aria-label="Account hints">
        {ANSWER_ORDER.map((key) => (
          <List.Item key={key}>
            {HINT_LABELS[key]}: <strong>{reset.hints[key]}</strong>
          </List.Item>
        ))}
      </List>
      <Stack gap={4}>
        <Text fw={600}>Temporary password</Text>
        <Group gap="sm">
          <Code fz="lg" data-testid="temp-password">
            {reset.tempPassword}
          </Code>
          <CopyButton value={reset.tempPassword}>
            {({ copied, copy }) => (
              <Button size="xs" variant="default" onClick={copy}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Text size="sm" c="dimmed">
          Expires {formatDateTime(reset.expiresAt)}. It is valid for {TEMP_PASSWORD_TTL_MINUTES} minutes and
          can be used once; you will be asked to choose a new password.
        </Text>
      </Stack>
      {tempSignIn.isError && (
        <Alert color="red" role="alert">
          {TEMP_AUTH_FAILED_MESSAGE}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button onClick={handleCloseAndLogin} loading={tempSignIn.isPending}>
          Close &amp; Login
        </Button>
      </Group>
    </Stack>
  );
}

export function ForgotPasswordDialog({ opened, onClose, onSignedIn }: ForgotPasswordDialogProps) {
  const [step, setStep] = useState<Step>({ name: 'email' });

  const handleClose = () => {
    setStep({ name: 'email' });
    onClose();
  };

  return (
    <Modal opened={opened} onClose={handleClose} title="Reset your password" centered>
      {step.name === 'email' && (
        <EmailStep onQuestions={(email, questions) => setStep({ name: 'questions', email, questions })} />
      )}
      {step.name === 'questions' && (
        <QuestionsStep
          email={step.email}
          questions={step.questions}
          onReset={(reset) => setStep({ name: 'result', reset })}
        />
      )}
      {step.name === 'result' && <ResultStep reset={step.reset} onSignedIn={onSignedIn} />}
    </Modal>
  );
}
