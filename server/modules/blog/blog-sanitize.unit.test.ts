import { describe, expect, it } from 'vitest';
import { sanitizeContent } from './blog.sanitize';

describe("a post's embedded players", () => {
  it.each([
    [
      'a path that climbs out of /embed',
      '<iframe src="https://www.youtube.com/embed/../../redirect?q=x"></iframe>',
    ],
    ['an encoded climb', '<iframe src="https://www.youtube.com/embed/%2e%2e/%2e%2e/attacker"></iframe>'],
    ['a path under the player id', '<iframe src="https://player.vimeo.com/video/123/../../x"></iframe>'],
    ['credentials in the address', '<iframe src="https://user:pw@www.youtube.com/embed/abc"></iframe>'],
    ['another port', '<iframe src="https://www.youtube.com:8443/embed/abc"></iframe>'],
    ['plain http', '<iframe src="http://www.youtube.com/embed/abc"></iframe>'],
    ['a look-alike host', '<iframe src="https://www.youtube.com.evil.example/embed/abc"></iframe>'],
    ['a YouTube page that is not a player', '<iframe src="https://www.youtube.com/watch?v=abc"></iframe>'],
  ])('drops %s', (_what, html) => {
    expect(sanitizeContent(`<p>x</p>${html}`)).toBe('<p>x</p>');
  });

  it('delegates no camera, microphone or location to a player', () => {
    const html =
      '<iframe src="https://www.youtube.com/embed/abc123" allow="camera; microphone; geolocation" allowfullscreen></iframe>';
    expect(sanitizeContent(html)).toBe(
      '<iframe src="https://www.youtube.com/embed/abc123" allowfullscreen></iframe>',
    );
  });

  it('keeps a player with its start time', () => {
    const html = '<iframe src="https://www.youtube-nocookie.com/embed/abc_12-3?start=30"></iframe>';
    expect(sanitizeContent(html)).toBe(html);
  });
});
