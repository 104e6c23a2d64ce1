import {
  ADMIN_NOT_FOUND_MESSAGE,
  SUPPORT_CATEGORY_LABELS,
  SUPPORT_PRIORITY_LABELS,
  type SupportRequestInput,
  type SupportRequestResponse,
} from '../../../common/support';
import type { z } from 'zod';
import { publicUrl } from '../../config';
import type { Platform } from '../../platform';
import type { AuthContext } from '../../platform/auth';
import { forbidden, notFound } from '../../platform/errors';
import type { MessagesService } from '../messages/messages.service';
import type { UsersService } from '../users/users.service';

/** The request after its schema: trimmed, the priority defaulted, steps kept only for a bug. */
export type ParsedSupportRequest = z.output<typeof SupportRequestInput>;

/** The request as one plain-text message: what the administrators read in Messages and by e-mail. */
export function supportText(input: ParsedSupportRequest): string {
  const lines = [
    `Support request: ${input.subject}`,
    `Category: ${SUPPORT_CATEGORY_LABELS[input.category]}`,
    `Priority: ${SUPPORT_PRIORITY_LABELS[input.priority]}`,
    '',
    input.description,
  ];
  if (input.steps_to_reproduce) lines.push('', 'Steps to reproduce:', input.steps_to_reproduce);
  if (input.browser_info) lines.push('', `Browser: ${input.browser_info}`);
  return lines.join('\n');
}

export const supportSubject = (input: ParsedSupportRequest) =>
  `Support request (${SUPPORT_CATEGORY_LABELS[input.category]}, ${SUPPORT_PRIORITY_LABELS[input.priority]}): ${input.subject}`;

/**
 * A member's support request becomes a message in their support conversation, which every
 * administrator sees and answers in Messages; every active administrator is e-mailed as well, in
 * the same transaction, so the message and the e-mails are kept together or not at all.
 */
export function createSupportService(
  platform: Platform,
  deps: { messages: MessagesService; users: UsersService },
) {
  const site = publicUrl(platform.config);
  return {
    async submit(auth: AuthContext, input: ParsedSupportRequest): Promise<SupportRequestResponse> {
      if (auth.user.is_admin)
        throw forbidden('Administrators answer support requests in Messages', 'ADMIN_SUPPORT_REQUEST');
      return platform.tx(async () => {
        const admins = await deps.users.activeAdmins();
        if (admins.length === 0) throw notFound(ADMIN_NOT_FOUND_MESSAGE, 'ADMIN_NOT_FOUND');
        const member = await deps.users.findById(auth.user.id);
        const text = supportText(input);
        const sent = await deps.messages.writeToSupport(auth.user, text);
        await platform.mailer.sendAll(
          admins.map((admin) => ({
            to: admin.email,
            subject: supportSubject(input),
            text:
              `${member!.name} (${member!.email}) asked for support:\n\n${text}\n\n` +
              `Answer in Messages: ${site}/app/messages\n`,
          })),
        );
        return sent;
      });
    },
  };
}
export type SupportService = ReturnType<typeof createSupportService>;
