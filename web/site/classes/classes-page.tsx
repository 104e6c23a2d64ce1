import { CLASS_MESSAGES, type Class } from '../../../common/classes';
import { TestimonialCarousel, type CarouselTestimonial } from '../testimonials/testimonial-carousel';
import type { SiteSchool } from '../types';
import { ClassListIsland } from './class-list';
import { Section } from '../components/section';

export interface ClassesPageProps {
  /** null: the classes could not be read; the rest of the page stands. */
  classes: Class[] | null;
  testimonials: CarouselTestimonial[] | null;
  timeZone: string;
}

/** `/classes`: the school's published weekly classes, then what students say. */
export function ClassesPage({
  school,
  classes,
  testimonials,
  timeZone,
}: ClassesPageProps & { school: SiteSchool }) {
  return (
    <>
      <section className="kw-hero kw-hero-compact" aria-labelledby="classes-title">
        <div className="kw-container">
          <p className="kw-eyebrow">Weekly classes in {school.address.city}</p>
          <h1 id="classes-title" className="kw-display">
            Classes
          </h1>
          <p className="kw-lead">
            Train with us every week: standing practice, forms, and partner work in Xingyiquan, Taijiquan and
            Baguazhang. The first week is free for in-person courses.
          </p>
        </div>
      </section>
      <Section titleId="classes-list-title" title="Our classes">
        {classes === null ? (
          <p className="kw-empty kw-error-text" role="alert">
            {CLASS_MESSAGES.loadFailed}
          </p>
        ) : classes.length === 0 ? (
          <div className="kw-empty">
            <p className="kw-empty-title">{CLASS_MESSAGES.publicEmpty}</p>
            <p>
              New classes are announced on the <a href="/blog">blog</a>; meanwhile you can{' '}
              <a href="/workshops">book a session</a>.
            </p>
          </div>
        ) : (
          <>
            <p className="kw-classes-count">{`${classes.length} ${classes.length === 1 ? 'class' : 'classes'} available`}</p>
            <ClassListIsland classes={classes} timeZone={timeZone} />
          </>
        )}
      </Section>
      <Section titleId="classes-testimonials-title" title="What our students say" variant="kw-section-tint">
        <TestimonialCarousel testimonials={testimonials ?? []} status={testimonials ? 'ready' : 'error'} />
      </Section>
    </>
  );
}
