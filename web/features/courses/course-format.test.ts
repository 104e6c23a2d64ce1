import { describe, expect, it } from 'vitest';
import { formatAmount } from '../../../common/payments';
import {
  capProgress,
  formatCourseDuration,
  formatDuration,
  formatPrice,
  splitLines,
  studentModuleDescription,
  videoSource,
} from './course-format';
import { readQuizQuestions, toParagraphs } from './quiz-content';

describe('course formatting', () => {
  it('shows every duration in one form: "25 min", "1 h 30 min", "2 h"', () => {
    expect(formatDuration(25)).toBe('25 min');
    expect(formatDuration(60)).toBe('1 h');
    expect(formatDuration(90)).toBe('1 h 30 min');
    expect(formatDuration(127)).toBe('2 h 7 min');
    expect(formatDuration(120)).toBe('2 h');
    expect(formatDuration(0)).toBe('0 min');
  });

  it("shows a course's lesson minutes, else its estimated hours, and a new course as having no lessons", () => {
    const course = { total_duration_minutes: 95, estimated_hours: 3, lesson_count: 4 };
    expect(formatCourseDuration(course)).toBe('1 h 35 min');
    expect(formatCourseDuration({ ...course, total_duration_minutes: 0 })).toBe('3 h');
    expect(formatCourseDuration({ total_duration_minutes: 0, estimated_hours: 0, lesson_count: 0 })).toBe(
      'No lessons yet',
    );
    expect(formatCourseDuration({ total_duration_minutes: 0, estimated_hours: 0, lesson_count: 1 })).toBe(
      '1 lesson',
    );
    expect(formatCourseDuration({ total_duration_minutes: 0, estimated_hours: 0, lesson_count: 3 })).toBe(
      '3 lessons',
    );
  });

  it("hides a new module's placeholder description from students", () => {
    expect(studentModuleDescription('Add a description')).toBe('');
    expect(studentModuleDescription('  Add a description \n')).toBe('');
    expect(studentModuleDescription('   ')).toBe('');
    expect(studentModuleDescription(null)).toBe('');
    expect(studentModuleDescription(' Rooting the stance. ')).toBe('Rooting the stance.');
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
