import { gold, SCHOOL_NAME, SCHOOL_TAGLINE, schemes, SEAL_PAPER, SEAL_RED, stone } from '../../common/brand';

/*
 * The HTML part of every e-mail, made from its text when it is sent: modules write plain text
 * (the outbox keeps only that, and it stays the message's first part), and every message goes out
 * in the school's colours without each module writing markup. Mail clients ignore stylesheets and
 * most CSS, so the layout is tables with inline styles, the fonts are ones every client has, and
 * the seal is a coloured cell with 館 in it rather than an image a client would block.
 */

const { light } = schemes;
const SERIF = "Georgia, 'Times New Roman', serif";
const SANS = "'Source Sans 3', 'Segoe UI', Arial, sans-serif";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Escaped text with its web addresses as links (the confirmation and checkout links a message carries). */
function linkify(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"]*[^\s<>".,;:!?)'])/)
    .map((part, i) =>
      i % 2 === 1
        ? `<a href="${escapeHtml(part)}" style="color:${light.primaryText};text-decoration:underline">${escapeHtml(part)}</a>`
        : escapeHtml(part),
    )
    .join('');
}

/** Paragraphs at blank lines, line breaks within them, as the text part reads. */
function paragraphs(text: string): string {
  return text
    .trim()
    .split(/\r?\n\s*\r?\n/)
    .map((block) => `<p style="margin:0 0 16px">${block.split(/\r?\n/).map(linkify).join('<br>')}</p>`)
    .join('');
}

export function renderMailHtml({ subject, text }: { subject: string; text: string }): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><meta name="color-scheme" content="light"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:${light.page}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${light.page}"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:${light.surface};border:1px solid ${stone[3]};border-radius:8px">
<tr><td style="padding:20px 28px;border-bottom:2px solid ${gold[5]}">
<table role="presentation" cellpadding="0" cellspacing="0"><tr>
<td width="36" height="36" align="center" valign="middle" style="background:${SEAL_RED};color:${SEAL_PAPER};font:600 20px/36px ${SERIF};border-radius:3px">館</td>
<td style="padding-left:12px;font:600 24px/1 ${SERIF};color:${light.text}">${SCHOOL_NAME}</td>
</tr></table>
</td></tr>
<tr><td style="padding:28px 28px 12px;font:16px/1.55 ${SANS};color:${light.text}">${paragraphs(text)}</td></tr>
<tr><td style="padding:16px 28px 24px;border-top:1px solid ${stone[3]};font:13px/1.5 ${SANS};color:${light.textMuted}">${SCHOOL_NAME} · ${SCHOOL_TAGLINE}</td></tr>
</table>
</td></tr></table>
</body></html>`;
}
