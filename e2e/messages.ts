import type { Page } from '@playwright/test';

/** The Messages screen's list of conversations. */
export const conversationList = (page: Page) =>
  page.getByRole('list', { name: 'Conversations', exact: true });

/**
 * The Messages screen's history of the open conversation; exactly so named, since the bell's
 * "Recent messages" list can still be closing when the history opens.
 */
export const messageHistory = (page: Page) => page.getByRole('list', { name: 'Messages', exact: true });

/** The Messages screen's box for writing a message. */
export const messageComposer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
