import { em, px, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/**
 * True below the `sm` breakpoint, where `hiddenFrom="sm"` shows and `visibleFrom="sm"` hides.
 * Read on the first render (the app renders in the browser only), so a phone never flashes the
 * desktop layout first.
 */
export function usePhoneLayout(): boolean {
  const theme = useMantineTheme();
  const query = `(max-width: ${em(Number(px(theme.breakpoints.sm)) - 0.1)})`;
  return useMediaQuery(query, false, { getInitialValueInEffect: false });
}
