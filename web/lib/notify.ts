import { notifications } from '@mantine/notifications';
import { TOAST_EVENT } from './toast-event';

/** Toasts auto-close after 3 seconds unless a screen says otherwise. */
export const TOAST_MS = 3000;

export function notifySuccess(message: string, options: { title?: string; autoClose?: number } = {}): void {
  window.dispatchEvent(new Event(TOAST_EVENT));
  notifications.show({
    color: 'jade',
    message,
    title: options.title,
    autoClose: options.autoClose ?? TOAST_MS,
  });
}

export function notifyError(message: string, options: { title?: string; autoClose?: number } = {}): void {
  window.dispatchEvent(new Event(TOAST_EVENT));
  notifications.show({
    color: 'red',
    message,
    title: options.title,
    autoClose: options.autoClose ?? TOAST_MS,
  });
}
