import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import classes from './color-scheme-toggle.module.css';

const SYSTEM_DARK = '(prefers-color-scheme: dark)';

/**
 * A toggle button between light and dark. Choosing the scheme the system is in stores "auto",
 * so from then on the page follows the system setting again.
 */
export function ColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const isDark = useComputedColorScheme('light') === 'dark';

  const handleToggle = () => {
    const next = isDark ? 'light' : 'dark';
    const system = window.matchMedia(SYSTEM_DARK).matches ? 'dark' : 'light';
    setColorScheme(next === system ? 'auto' : next);
  };

  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      aria-label="Dark theme"
      aria-pressed={isDark}
      onClick={handleToggle}
    >
      <IconMoon className={classes.moon} size={20} stroke={1.6} aria-hidden />
      <IconSun className={classes.sun} size={20} stroke={1.6} aria-hidden />
    </ActionIcon>
  );
}
