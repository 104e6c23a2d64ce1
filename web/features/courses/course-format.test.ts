import { describe, expect, it } from 'vitest';
import { formatAmount } from '../../../common/payments';
import { capProgress, formatDuration, formatPrice, splitLines, videoSource } from './course-format';
import { readQuizQuestions, toParagraphs } from './quiz-content';

describe('course formatting', () => {
  it('shows durations as Xh Ym', () => {
    expect(formatDuration(0)).toBe('0m');
    expect(formatDuration(45)).toBe('45m');
    expect(formatDuration(60)).toBe('1h');
    expect(formatDuration(127)).toBe('2h 7m');
  });

  it('formats prices as USD en-US', () => {
    expect(formatPrice(49)).toBe('$49.00');
    expect(formatPrice(1234.5, 'USD')).toBe('$1,234.50');
  });

  it('shows a course price exactly as the checkout shows the same amount in cents', () => {
    expect(formatPrice(19.99, 'EUR')).toBe(formatAmount(1999, 'EUR'));
    expect(formatPrice(19.99, 'not-a-currency')).toBe(formatAmount(1999, 'not-a-currency'));
  });

  it('caps progress at 100% and floors it at 0%', () => {
    expect(capProgress(140)).toBe(100);
    expect(capProgress(-3)).toBe(0);
    expect(capProgress(33.4)).toBe(33);
    expect(capProgress(null)).toBe(0);
  });

  it('splits newline-separated prerequisites into a list', () => {
    expect(splitLines('One\n\n  Two \r\nThree')).toEqual(['One', 'Two', 'Three']);
    expect(splitLines('')).toEqual([]);
  });

  it('turns YouTube and Vimeo pages into embed URLs and plays /media/ files directly', () => {
    expect(videoSource('https://www.youtube.com/watch?v=kwZhanZh101')).toEqual({
      kind: 'embed',
      src: 'https://www.youtube-nocookie.com/embed/kwZhanZh101',
    });
    expect(videoSource('https://youtu.be/abcdef12345')).toEqual({
      kind: 'embed',
      src: 'https://www.youtube-nocookie.com/embed/abcdef12345',
    });
    expect(videoSource('https://vimeo.com/76979871')).toEqual({
      kind: 'embed',
      src: 'https://player.vimeo.com/video/76979871',
    });
    expect(videoSource('/media/lesson-videos/a.mp4')).toEqual({
      kind: 'file',
      src: '/media/lesson-videos/a.mp4',
    });
    expect(videoSource('javascript:alert(1)')).toEqual({ kind: 'none' });
    expect(videoSource('https://www.youtube.com/watch?v=%22%3E%3Cscript')).toEqual({ kind: 'none' });
    expect(videoSource(null)).toEqual({ kind: 'none' });
  });

  it('reads quiz questions without answers and skips malformed ones', () => {
    const text = JSON.stringify([
      { id: 'q1', text: 'First?', options: ['a', 'b'] },
      { id: 2, question: 'Second?', options: ['c', 'd', 'e'], correctAnswer: 1 },
      { id: 'q3', text: 'Broken', options: ['only one'] },
    ]);
    expect(readQuizQuestions(text)).toEqual([
      { id: 'q1', text: 'First?', options: ['a', 'b'] },
      { id: '2', text: 'Second?', options: ['c', 'd', 'e'] },
    ]);
    expect(readQuizQuestions('not json')).toEqual([]);
  });

  it('splits article text into paragraphs on blank lines', () => {
    expect(toParagraphs('One\nstill one\n\nTwo\n\n\nThree')).toEqual(['One\nstill one', 'Two', 'Three']);
  });
});
