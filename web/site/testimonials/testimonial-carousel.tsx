import { useEffect, useState } from 'react';
import { testimonialInitials } from '../../../common/testimonials';
import { useMediaQuery } from '../components/use-browser-state';
import { ReadMoreButton } from '../components/read-more-button';
import { island } from '../island';

/** What the carousel shows of an approved testimonial. */
export interface CarouselTestimonial {
  id: string;
  student_name: string;
  student_location: string | null;
  instructor_context: string;
  testimonial_text: string;
  photo_url: string | null;
}

export const CAROUSEL_INTERVAL_MS = 6000;
export const CAROUSEL_TRUNCATE = 280;

export type CarouselStatus = 'loading' | 'error' | 'ready';

function Slide({
  testimonial,
  position,
  total,
}: {
  testimonial: CarouselTestimonial;
  position: number;
  total: number;
}) {
  const [expanded, setExpanded] = useState(false);
  const long = testimonial.testimonial_text.length > CAROUSEL_TRUNCATE;
  const text =
    long && !expanded
      ? `${testimonial.testimonial_text.slice(0, CAROUSEL_TRUNCATE).trimEnd()}…`
      : testimonial.testimonial_text;
  return (
    // The slide's group role sits on a div: ARIA does not allow it on a figure.
    <div
      className="kw-slide"
      role="group"
      aria-roledescription="slide"
      aria-label={`${position} of ${total}`}
    >
      <figure>
        <blockquote className="kw-slide-quote" tabIndex={0}>
          <p>{text}</p>
        </blockquote>
        {long && <ReadMoreButton expanded={expanded} onToggle={() => setExpanded(!expanded)} />}
        <figcaption className="kw-slide-author">
          {testimonial.photo_url ? (
            <img
              src={testimonial.photo_url}
              alt=""
              width={48}
              height={48}
              className="kw-avatar"
              loading="lazy"
            />
          ) : (
            <span className="kw-avatar kw-avatar-initials" aria-hidden="true">
              {testimonialInitials(testimonial.student_name)}
            </span>
          )}
          <span>
            <strong>{testimonial.student_name}</strong>
            {testimonial.student_location && (
              <span className="kw-muted"> · {testimonial.student_location}</span>
            )}
            <span className="kw-slide-context">
              <span className="kw-label">Training Context:</span> {testimonial.instructor_context}
            </span>
          </span>
        </figcaption>
      </figure>
    </div>
  );
}

/**
 * The testimonial carousel: one slide at a time, a new one every six seconds unless the
 * pointer or the keyboard focus is on it (or the visitor paused it, or asked for less motion).
 */
function Carousel({
  testimonials,
  status = 'ready',
}: {
  testimonials: CarouselTestimonial[];
  status?: CarouselStatus;
}) {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // A visitor who asked for less motion starts paused; Play starts it anyway.
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const [choice, setChoice] = useState<boolean | null>(null);
  const paused = choice ?? reducedMotion;
  const count = testimonials.length;
  useEffect(() => {
    if (count < 2 || hovered || focused || paused) return;
    const timer = window.setInterval(
      () => setIndex((current) => (current + 1) % count),
      CAROUSEL_INTERVAL_MS,
    );
    return () => window.clearInterval(timer);
  }, [count, hovered, focused, paused]);

  if (status === 'loading')
    return (
      <div className="kw-carousel kw-carousel-state" role="status">
        Loading testimonials…
      </div>
    );
  if (status === 'error')
    return (
      <div className="kw-carousel kw-carousel-state" role="alert">
        Unable to load testimonials at this time.
      </div>
    );
  if (count === 0)
    return (
      <div className="kw-carousel kw-carousel-state">
        <p className="kw-empty-title">No Testimonials Yet</p>
      </div>
    );

  const current = testimonials[index % count];
  const go = (next: number) => setIndex((next + count) % count);
  return (
    <section
      className="kw-carousel"
      aria-roledescription="carousel"
      aria-label="Testimonials"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <div className="kw-carousel-viewport" aria-live={hovered || focused || paused ? 'polite' : 'off'}>
        {current && (
          <Slide key={current.id} testimonial={current} position={(index % count) + 1} total={count} />
        )}
      </div>
      {count > 1 && (
        <div className="kw-carousel-controls">
          <button
            type="button"
            className="kw-icon-button"
            aria-label="Previous testimonial"
            onClick={() => go(index - 1)}
          >
            ‹
          </button>
          <div className="kw-dots">
            {testimonials.map((testimonial, position) => (
              <button
                key={testimonial.id}
                type="button"
                className="kw-dot"
                aria-label={`Show testimonial ${position + 1}`}
                aria-current={position === index % count ? 'true' : undefined}
                onClick={() => go(position)}
              />
            ))}
          </div>
          <button
            type="button"
            className="kw-icon-button"
            aria-label="Next testimonial"
            onClick={() => go(index + 1)}
          >
            ›
          </button>
          <button
            type="button"
            className="kw-text-button"
            aria-pressed={paused}
            onClick={() => setChoice(!paused)}
          >
            {paused ? 'Play' : 'Pause'}
          </button>
        </div>
      )}
    </section>
  );
}

export const TestimonialCarousel = island('testimonial-carousel', Carousel);
export { Carousel as TestimonialCarouselView };
