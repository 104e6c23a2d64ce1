/**
 * Fired on window before the first toast, so the app mounts the toast container only then: its
 * code stays off the pages that never raise one (kept apart from notify.ts, which loads it).
 */
export const TOAST_EVENT = 'kwoon:toast';
