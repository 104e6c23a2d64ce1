import { useEffect, useState } from 'react';
import { Alert, Button, Code, CopyButton, Group, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import { z } from 'zod';
import {
  RESET_CODE_LENGTH,
  RESET_CODE_RESEND_SECONDS,
  RESET_CODE_TTL_MINUTES,
  RequestResetInput,
  ResetCode,
  SECURITY_ANSWERS_MESSAGE,
  SecurityQuestionsByEmailInput,
  TEMP_PASSWORD_TTL_MINUTES,
  type AuthResponse,
  type RequestResetResponse,
  type SecurityQuestion,
} from '../../../common/auth';
import { errorMessage } from '../../lib/api-client';
import { useSchemaForm } from '../../lib/form';
import { formatDateTime } from '../../lib/format';
import {
  RESET_CODE_FAILED_MESSAGE,
  SECURITY_QUESTIONS_FAILED_MESSAGE,
  SECURITY_VERIFICATION_FAILED_MESSAGE,
  TEMP_AUTH_FAILED_MESSAGE,
  useRequestReset,
  useRequestResetCode,
  useSecurityQuestionsByEmail,
  useTempSignIn,
} from './api';

/** The code step's one field, checked as the server checks the code. */
const CodeStepInput = z.object({ code: ResetCode });

export interface ForgotPasswordDialogProps {
  opened: boolean;
  onClose: () => void;
  onSignedIn: (auth: AuthResponse) => void;
}

type Step =
  | { name: 'email' }
  | { name: 'code'; email: string; sentAt: number }
  | { name: 'questions'; email: string; code: string; sentAt: number; questions: SecurityQuestion[] }
  | { name: 'result'; reset: RequestResetResponse };

const ANSWER_ORDER: SecurityQuestion['key'][] = ['username', 'city', 'country'];
const HINT_LABELS: Record<SecurityQuestion['key'], string> = {
  username: 'Username',
  city: 'City',
  country: 'Country',
};

function EmailStep({ onCodeSent }: { onCodeSent: (email: string) => void }) {
  const requestCode = useRequestResetCode();
  const { form, onSubmit } = useSchemaForm({
    schema: SecurityQuestionsByEmailInput,
    initialValues: { email: '' },
  });
  const handleSubmit = onSubmit((values) => {
    const input = SecurityQuestionsByEmailInput.parse(values);
    requestCode.mutate(input, { onSuccess: () => onCodeSent(input.email) });
  });
  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Find your account">
      <Stack gap="md">
        <Text size="sm">
          Enter the e-mail address of your account. We will send you a code and ask you three security
          questions.
        </Text>
        {requestCode.isError && (
          <Alert color="red" role="alert">
            {errorMessage(requestCode.error, RESET_CODE_FAILED_MESSAGE)}
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
          <Button type="submit" loading={requestCode.isPending}>
            Continue
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Whole seconds until `sentAt` is RESET_CODE_RESEND_SECONDS old, ticking once a second. */
function useResendCountdown(sentAt: number): number {
  const [now, setNow] = useState(() => Date.now());
  const elapsed = Math.max(0, now - sentAt);
  const remaining = Math.max(0, Math.ceil((RESET_CODE_RESEND_SECONDS * 1000 - elapsed) / 1000));
  const counting = remaining > 0;
  useEffect(() => {
    if (!counting) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [counting, sentAt]);
  return remaining;
}

function CodeStep({
  email,
  sentAt,
  onResent,
  onQuestions,
}: {
  email: string;
  sentAt: number;
  onResent: () => void;
  onQuestions: (code: string, questions: SecurityQuestion[]) => void;
}) {
  const lookup = useSecurityQuestionsByEmail();
  const resend = useRequestResetCode();
  const remaining = useResendCountdown(sentAt);
  const { form, onSubmit } = useSchemaForm({
    schema: CodeStepInput,
    initialValues: { code: '' },
  });
  const handleSubmit = onSubmit((values) => {
    const code = ResetCode.parse(values.code);
    lookup.mutate({ email }, { onSuccess: (data) => onQuestions(code, data.questions) });
  });
  const handleResend = () => resend.mutate({ email }, { onSuccess: onResent });

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Enter the code">
      <Stack gap="md">
        <Text fw={600}>We sent a {RESET_CODE_LENGTH}-digit code to your e-mail</Text>
        <Text size="sm">
          If an account uses <strong>{email}</strong>, a code is on its way. It is valid for{' '}
          {RESET_CODE_TTL_MINUTES} minutes.
        </Text>
        {lookup.isError && (
          <Alert color="red" role="alert">
            {SECURITY_QUESTIONS_FAILED_MESSAGE}
          </Alert>
        )}
        {resend.isError && (
          <Alert color="red" role="alert">
            {errorMessage(resend.error, RESET_CODE_FAILED_MESSAGE)}
          </Alert>
        )}
        <TextInput
          label="Code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={RESET_CODE_LENGTH}
          required
          data-autofocus
          {...form.getInputProps('code')}
        />
        <Group justify="space-between">
          <Button variant="subtle" onClick={handleResend} disabled={remaining > 0} loading={resend.isPending}>
            {remaining > 0 ? `Resend code in ${remaining} s` : 'Resend code'}
          </Button>
          <Button type="submit" loading={lookup.isPending}>
            Continue
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type AnswerValues = Record<SecurityQuestion['key'], string>;

/** The recovery call's answers, checked by its own rule: all three, in the order it takes them. */
const SecurityAnswersInput = RequestResetInput.pick({ securityAnswers: true });
const toSecurityAnswers = (values: AnswerValues) => ({
  securityAnswers: ANSWER_ORDER.map((key) => values[key]),
});

function QuestionsStep({
  email,
  code,
  questions,
  onBack,
  onReset,
}: {
  email: string;
  code: string;
  questions: SecurityQuestion[];
  onBack: () => void;
  onReset: (reset: RequestResetResponse) => void;
}) {
  const requestReset = useRequestReset();
  const { form, onSubmit } = useSchemaForm<AnswerValues>({
    schema: SecurityAnswersInput,
    initialValues: { username: '', city: '', country: '' },
    toInput: toSecurityAnswers,
    // One message covers the three answers: it goes once an answer changes.
    onValuesChange: () => form.clearErrors(),
  });
  const missing = (index: number) => form.errors[`securityAnswers.${index}`] !== undefined;
  const anyMissing = ANSWER_ORDER.some((_, index) => missing(index));

  const handleSubmit = onSubmit((values) =>
    requestReset.mutate(
      { email, code, ...SecurityAnswersInput.parse(toSecurityAnswers(values)) },
      { onSuccess: onReset },
    ),
  );

  const error = anyMissing
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
            {...form.getInputProps(question.key)}
            error={missing(ANSWER_ORDER.indexOf(question.key)) || undefined}
          />
        ))}
        <Group justify="space-between">
          <Button variant="subtle" onClick={onBack}>
            Back to the code
          </Button>
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
        <EmailStep onCodeSent={(email) => setStep({ name: 'code', email, sentAt: Date.now() })} />
      )}
      {step.name === 'code' && (
        <CodeStep
          email={step.email}
          sentAt={step.sentAt}
          onResent={() => setStep({ ...step, sentAt: Date.now() })}
          onQuestions={(code, questions) => setStep({ ...step, name: 'questions', code, questions })}
        />
      )}
      {step.name === 'questions' && (
        <QuestionsStep
          email={step.email}
          code={step.code}
          questions={step.questions}
          onBack={() => setStep({ name: 'code', email: step.email, sentAt: step.sentAt })}
          onReset={(reset) => setStep({ name: 'result', reset })}
        />
      )}
      {step.name === 'result' && <ResultStep reset={step.reset} onSignedIn={onSignedIn} />}
    </Modal>
  );
}
