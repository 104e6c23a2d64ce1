import { useEffect, useState } from 'react';
import { COMMUNITY_MESSAGES } from '../../../common/community';
import { notifyError, notifySuccess } from '../../lib/notify';

/** How long the copy button says "Copied". */
export const COPIED_RESET_MS = 2000;

/** The addresses as one line for a mail program's To field: trimmed, empties skipped. */
export function joinEmails(emails: readonly string[]): string {
  return emails
    .map((email) => email.trim())
    .filter(Boolean)
    .join(', ');
}

/**
 * 'Copy all student e-mails': reads the addresses, puts them on the clipboard and says so for
 * COPIED_RESET_MS; warns when there are none and says when the read or the clipboard failed.
 */
export function useCopyEmails(load: () => Promise<string[]>) {
  const [copied, setCopied] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_RESET_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    setBusy(true);
    try {
      const text = joinEmails(await load());
      if (!text) {
        notifyError(COMMUNITY_MESSAGES.noEmails, { title: 'Nothing to copy' });
        return;
      }
      await navigator.clipboard.writeText(text);
      setCopied(true);
      notifySuccess(`Copied ${text.split(', ').length} e-mail addresses`);
    } catch {
      notifyError(COMMUNITY_MESSAGES.copyFailed);
    } finally {
      setBusy(false);
    }
  };

  return { copy, copied, busy };
}
