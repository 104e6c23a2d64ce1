import { useState } from 'react';
import { Alert, Box, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { TERMS_CHECKBOX_MESSAGE, type TermsStatusResponse } from '../../../common/terms';
import { formatDate } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useAcceptTerms } from './api';
import classes from './terms-modal.module.css';

export const TERMS_ACCEPT_FAILED_MESSAGE = 'Failed to accept terms of service';
export const TERMS_ACCEPT_FAILED_TOAST = 'Failed to accept terms of service. Please try again.';
export const TERMS_ACCEPTED_TOAST = 'Terms of service accepted successfully!';

/** Plain-text terms: paragraphs are separated by blank lines. Never rendered as HTML. */
export function termsParagraphs(content: string): string[] {
  return content
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

export interface TermsModalProps {
  userId: string;
  status: TermsStatusResponse;
  opened: boolean;
  /** While acceptance is required the modal cannot be dismissed: no close button, Escape or outside click. */
  required: boolean;
  onClose: () => void;
}

export function TermsModal({ userId, status, opened, required, onClose }: TermsModalProps) {
  const accept = useAcceptTerms(userId);
  const [agreed, setAgreed] = useState(false);
  const [checkboxError, setCheckboxError] = useState(false);
  const { terms } = status;
  const alreadyAccepted = !status.requiresAcceptance && status.acceptedVersion === status.currentVersion;

  const handleClose = () => {
    if (required) return;
    setCheckboxError(false);
    accept.reset();
    onClose();
  };

  const handleAccept = () => {
    if (!agreed) {
      setCheckboxError(true);
      return;
    }
    accept.mutate(terms.version, {
      onSuccess: () => {
        notifySuccess(TERMS_ACCEPTED_TOAST);
        setAgreed(false);
        onClose();
      },
      onError: () => notifyError(TERMS_ACCEPT_FAILED_TOAST),
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={handleClose}
      title="Terms of Service"
      size="lg"
      centered
      withCloseButton={!required}
      closeOnEscape={!required}
      closeOnClickOutside={!required}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Version {terms.version} · Effective {formatDate(terms.effective_date)}
        </Text>
        <Box className={classes.text} role="region" aria-label="Terms of Service text" tabIndex={0}>
          {termsParagraphs(terms.content).map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </Box>
        {alreadyAccepted ? (
          <Text size="sm">
            You accepted version {status.acceptedVersion}
            {status.acceptedAt ? ` on ${formatDate(status.acceptedAt)}` : ''}.
          </Text>
        ) : (
          <Checkbox
            label="I have read and agree to the Terms of Service"
            checked={agreed}
            onChange={(event) => {
              setAgreed(event.currentTarget.checked);
              if (event.currentTarget.checked) setCheckboxError(false);
            }}
            error={checkboxError ? TERMS_CHECKBOX_MESSAGE : undefined}
          />
        )}
        {accept.isError && (
          <Alert color="red" role="alert">
            {TERMS_ACCEPT_FAILED_MESSAGE}
          </Alert>
        )}
        <Group justify="flex-end">
          {!required && (
            <Button variant="default" onClick={handleClose}>
              Cancel
            </Button>
          )}
          {!alreadyAccepted && (
            <Button onClick={handleAccept} loading={accept.isPending}>
              I Accept
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
