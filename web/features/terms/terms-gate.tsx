import { useTermsStatus } from './api';
import { TermsModal } from './terms-modal';

export interface TermsGateProps {
  userId: string;
  /** The member asked to read the terms (user menu); acceptance is then optional. */
  viewOpened: boolean;
  onViewClose: () => void;
}

/**
 * Shows the terms modal, non-dismissable, while the member must accept the current version;
 * otherwise only when asked for.
 */
export function TermsGate({ userId, viewOpened, onViewClose }: TermsGateProps) {
  const { data: status } = useTermsStatus(userId);
  if (!status) return null;
  const required = status.requiresAcceptance;
  return (
    <TermsModal
      userId={userId}
      status={status}
      opened={required || viewOpened}
      required={required}
      onClose={onViewClose}
    />
  );
}
