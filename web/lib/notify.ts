import { notifications } from '@mantine/notifications';

/** Toasts auto-close after 3 seconds unless a screen says otherwise (spec §9). */
export const TOAST_MS = 3000;

export function notifySuccess(message: string, options: { title?: string; autoClose?: number } = {}): void {
  notifications.show({
    color: 'jade',
    message,
    title: options.title,
    autoClose: options.autoClose ?? TOAST_MS,
  });
}

export function notifyError(message: string, options: { title?: string; autoClose?: number } = {}): void {
  notifications.show({
    color: 'red',
    message,
    title: options.title,
    autoClose: options.autoClose ?? TOAST_MS,
  });
}
