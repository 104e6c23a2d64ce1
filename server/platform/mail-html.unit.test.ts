import { describe, expect, it } from 'vitest';
import { schemes, SEAL_RED } from '../../common/brand';
import { renderMailHtml } from './mail-html';

describe('renderMailHtml', () => {
  it("sets the message in the school's colours, with its name and seal", () => {
    const html = renderMailHtml({ subject: 'Payment received', text: 'Thank you.' });
    expect(html).toContain('<title>Payment received</title>');
    expect(html).toContain(`background:${schemes.light.page}`);
    expect(html).toContain(`background:${SEAL_RED}`);
    expect(html).toMatch(/>Kwoon</);
    expect(html).toContain('<p style="margin:0 0 16px">Thank you.</p>');
  });

  it('keeps the paragraphs and lines of the text, and links its web addresses', () => {
    const html = renderMailHtml({
      subject: 'Confirm your e-mail',
      text: 'Hello Mei,\n\nOpen this link:\nhttps://kwoon.example/confirm?token=a&b=1\n\nKwoon',
    });
    expect(html).toContain('<p style="margin:0 0 16px">Hello Mei,</p>');
    expect(html).toContain(
      `Open this link:<br><a href="https://kwoon.example/confirm?token=a&#38;b=1" style="color:${schemes.light.primaryText};text-decoration:underline">https://kwoon.example/confirm?token=a&#38;b=1</a>`,
    );
  });

  it('escapes what the text holds, so a contact message cannot add markup', () => {
    const html = renderMailHtml({
      subject: '<b>Hi</b>',
      text: '<script>alert(1)</script> "quoted" & \'single\'',
    });
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>Hi</b>');
    expect(html).toContain(
      '&#60;script&#62;alert(1)&#60;/script&#62; &#34;quoted&#34; &#38; &#39;single&#39;',
    );
  });

  it('does not take a bracket or full stop after an address into the link', () => {
    const html = renderMailHtml({
      subject: 's',
      text: 'See <https://kwoon.example/a>. Or https://kwoon.example/b.',
    });
    expect(html).toContain('&#60;<a href="https://kwoon.example/a"');
    expect(html).toContain('>https://kwoon.example/b</a>.');
  });
});
