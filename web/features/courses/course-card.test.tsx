import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CourseSummary } from '../../../common/courses';
import { namedGenericElements } from '../../test/a11y';
import { renderRoutes, Where } from '../../test/render';
import { CourseCard } from './course-card';
import { CARD_IMAGE_SIZES } from './course-image';
import { makeCourse } from '../../test/courses';

function renderCard(course: CourseSummary, isAdmin = false) {
  const onEnroll = vi.fn();
  const result = renderRoutes(
    [
      { path: '/app/courses', element: <CourseCard course={course} isAdmin={isAdmin} onEnroll={onEnroll} /> },
      { path: '/app/course/:courseId', element: <Where /> },
    ],
    '/app/courses',
  );
  return { ...result, onEnroll };
}

describe('CourseCard', () => {
  it('links to the course page before the student has enrolled', () => {
    const course = makeCourse({ regular_price: 49 });
    renderCard(course);
    const link = screen.getByRole('link', { name: course.title });
    expect(link.getAttribute('href')).toBe(`/app/course/${course.id}`);
    // The card is named by its title link, and no link wraps the Enroll button.
    expect(screen.getByRole('article', { name: course.title })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enroll Now' }).closest('a')).toBeNull();
  });

  it('says what its figures are in words a screen reader reads, not in names ARIA forbids', () => {
    const { container } = renderCard(makeCourse({ total_duration_minutes: 95 }));
    expect(namedGenericElements(container)).toEqual([]);
    expect(screen.getByText('Duration').closest('p')?.textContent).toBe('Duration 1 h 35 min');
  });

  it('enrols from its button without opening the course', async () => {
    const course = makeCourse({ regular_price: 49 });
    const { onEnroll, router, user } = renderCard(course);
    await user.click(screen.getByRole('button', { name: 'Enroll Now' }));
    expect(onEnroll).toHaveBeenCalledWith(course);
    expect(router.state.location.pathname).toBe('/app/courses');
  });

  it('opens the course from its link', async () => {
    const course = makeCourse();
    const { router, user } = renderCard(course);
    await user.click(screen.getByRole('link', { name: course.title }));
    expect((await screen.findByLabelText('Location')).textContent).toBe(`/app/course/${course.id}`);
    expect(router.state.location.pathname).toBe(`/app/course/${course.id}`);
  });

  it('says New for a course without reviews instead of 0.0 (0)', () => {
    renderCard(makeCourse({ average_rating: 0, total_reviews: 0 }));
    expect(screen.getByText('New')).toBeTruthy();
    expect(screen.queryByText(/0\.0/)).toBeNull();
  });

  it('shows the average and the count once a course has reviews', () => {
    renderCard(makeCourse({ average_rating: 4.5, total_reviews: 2 }));
    expect(screen.getByText('4.5 (2)')).toBeTruthy();
    expect(screen.queryByText('New')).toBeNull();
  });
});

describe('CourseCard image', () => {
  const stem = '/media/course-thumbnails/0b5f6d1e-2c3a-4e7b-9f10-1a2b3c4d5e6f-1280x640';
  const imageOf = (container: HTMLElement) => container.querySelector('img')!;

  it('offers the stored widths with srcset and sizes, keeping its space with width and height', () => {
    const { container } = renderCard(makeCourse({ thumbnail_url: `${stem}.webp` }));
    const img = imageOf(container);
    expect(img.getAttribute('src')).toBe(`${stem}.webp`);
    expect(img.getAttribute('srcset')).toBe(
      `${stem}-320w.webp 320w, ${stem}-640w.webp 640w, ${stem}-960w.webp 960w, ${stem}.webp 1280w`,
    );
    expect(img.getAttribute('sizes')).toBe(CARD_IMAGE_SIZES);
    expect(img.getAttribute('width')).toBe('1280');
    expect(img.getAttribute('height')).toBe('640');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('decoding')).toBe('async');
  });

  it.each([
    [
      'an image uploaded before the variants',
      '/media/course-thumbnails/0b5f6d1e-2c3a-4e7b-9f10-1a2b3c4d5e6f.webp',
    ],
    ['an image from elsewhere', 'https://example.org/images/cover-1280x640.webp'],
  ])('shows %s by its plain src', (_label, url) => {
    const { container } = renderCard(makeCourse({ thumbnail_url: url }));
    const img = imageOf(container);
    expect(img.getAttribute('src')).toBe(url);
    for (const name of ['srcset', 'sizes', 'width', 'height']) expect(img.hasAttribute(name)).toBe(false);
    expect(img.getAttribute('loading')).toBe('lazy');
  });

  it('draws a cover from the course id for a course without a picture, hidden from screen readers', () => {
    const course = makeCourse({ thumbnail_url: null });
    const { container } = renderCard(course);
    expect(container.querySelector('img')).toBeNull();
    const cover = container.querySelector('svg[data-motif]')!;
    expect(cover.getAttribute('aria-hidden')).toBe('true');
    // The same course draws the same cover wherever it appears.
    const again = renderCard(course).container.querySelector('svg[data-motif]')!;
    expect(again.getAttribute('data-motif')).toBe(cover.getAttribute('data-motif'));
    expect(again.getAttribute('data-composition')).toBe(cover.getAttribute('data-composition'));
  });
});
