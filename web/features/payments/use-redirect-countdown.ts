import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { REDIRECT_SECONDS } from '../../../common/payments';

/**
 * Counts down a second at a time while `active`, then replaces the page with `to` (the result
 * pages leave no history entry to come back to). Pausing keeps the seconds left.
 */
export function useRedirectCountdown(to: string, active: boolean, seconds = REDIRECT_SECONDS): number {
  const navigate = useNavigate();
  const [remaining, setRemaining] = useState(seconds);

  useEffect(() => {
    if (!active) return;
    if (remaining <= 0) {
      void navigate(to, { replace: true });
      return;
    }
    const timer = window.setTimeout(() => setRemaining((value) => value - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [active, remaining, navigate, to]);

  return remaining;
}
