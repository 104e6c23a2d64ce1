import { ArtIllustration, HeroArt } from '../../components/brand';
import { PostCard } from '../blog/post-card';
import type { SitePostSummary } from '../blog/types';
import { TestimonialCarousel, type CarouselTestimonial } from '../testimonials/testimonial-carousel';
import { TestimonialForm } from '../testimonials/testimonial-form';
import type { SiteSchool } from '../types';
import { ARTS } from './arts';
import { Section } from '../components/section';

export interface LandingPageProps {
  school: SiteSchool;
  testimonials: CarouselTestimonial[] | null;
  posts: SitePostSummary[];
}

/** `/`: who the school is, what it teaches, what students say and what it writes. */
export function LandingPage({ school, testimonials, posts }: LandingPageProps) {
  return (
    <>
      <section id="home" className="kw-hero" aria-labelledby="home-title">
        <div className="kw-container kw-hero-grid">
          <div className="kw-hero-text">
            <p className="kw-eyebrow">{school.tagline}</p>
            <h1 id="home-title" className="kw-display">
              Internal martial arts for a lifetime of practice
            </h1>
            <p className="kw-lead">
              {school.name} teaches Xingyiquan, Taijiquan and Baguazhang as whole systems: standing and
              breathing, forms and partner work, and the reasons behind each posture. Train with us in person
              in {school.address.city}, or study online at your own pace.
            </p>
            <p className="kw-offer">
              <strong>The first week is free for in-person courses.</strong> Come to any weekly class and see
              whether the training suits you.
            </p>
            <div className="kw-actions">
              <a className="kw-button kw-button-primary kw-button-large" href="/workshops">
                Book Session
              </a>
              <a className="kw-button kw-button-outline kw-button-large" href="/app">
                E-Learning
              </a>
              <a className="kw-button kw-button-subtle kw-button-large" href="/classes">
                Weekly classes
              </a>
            </div>
          </div>
          <div className="kw-hero-art">
            <HeroArt />
          </div>
        </div>
      </section>

      <Section id="about" titleId="about-title" title="Three arts, one root">
        <p className="kw-section-lead">
          The three internal arts share a foundation: a relaxed, upright structure, power that rises from the
          ground through the legs and waist, and a mind that leads the body. We teach each art on its own
          terms and show students where they meet.
        </p>
        <div className="kw-grid-3">
          {ARTS.map((art) => (
            <article key={art.id} className="kw-card kw-art-card">
              <div className="kw-art-card-art">
                <ArtIllustration art={art.id} />
              </div>
              <h3 className="kw-art-card-title">
                {art.name} <span lang="zh-Hans">{art.chinese}</span>
              </h3>
              <p className="kw-muted">{art.summary}</p>
            </article>
          ))}
        </div>
        <p>
          <a className="kw-link-arrow" href="/about">
            Our story, our method and our teachers
          </a>
        </p>
      </Section>

      <section id="research" className="kw-section kw-section-tint" aria-labelledby="research-title">
        <div className="kw-container kw-split">
          <div>
            <h2 id="research-title" className="kw-section-title">
              Research
            </h2>
            <p>
              A nonprofit school can ask questions a commercial gym cannot afford to. Our instructors read the
              classical texts in Chinese and compare the training notes of different lineages, so that what we
              teach rests on sources rather than on hearsay.
            </p>
            <p>
              Since 2022 we have tracked balance, grip strength and single-leg stance time for students over
              sixty who train twice a week. The early results match what the wider research on Taijiquan and
              fall prevention reports, and we publish what we find on our blog.
            </p>
          </div>
          <ul className="kw-facts" aria-label="The school in numbers">
            <li>
              <strong>3</strong> internal arts taught as complete systems
            </li>
            <li>
              <strong>2×</strong> a week: the training rhythm our research follows
            </li>
            <li>
              <strong>1</strong> free first week for every in-person course
            </li>
          </ul>
        </div>
      </section>

      <Section titleId="testimonials-title" title="What our students say">
        <TestimonialCarousel testimonials={testimonials ?? []} status={testimonials ? 'ready' : 'error'} />
        <details className="kw-share-story">
          <summary className="kw-button kw-button-outline">Share your experience</summary>
          <p className="kw-muted">
            Trained with us? Tell other students what it was like. We read every story and publish it once an
            instructor has approved it.
          </p>
          <TestimonialForm />
        </details>
      </Section>

      {posts.length > 0 && (
        <Section titleId="posts-title" title="From the blog" variant="kw-section-tint">
          <div className="kw-grid-3">
            {posts.map((post) => (
              <PostCard key={post.slug} post={post} />
            ))}
          </div>
          <p>
            <a className="kw-link-arrow" href="/blog">
              All posts
            </a>
          </p>
        </Section>
      )}

      <Section id="vision" titleId="vision-title" title="Vision" variant="kw-vision" layout="kw-narrow">
        <p className="kw-lead">
          We want every person in {school.area_label} who is curious about these arts to be able to learn them
          well, whatever their age, income or starting fitness — and to keep the teaching honest, documented
          and open for the next generation.
        </p>
        <div className="kw-actions kw-center">
          <a className="kw-button kw-button-primary" href="/classes">
            Find a class
          </a>
          <a className="kw-button kw-button-outline" href="/app">
            Start learning online
          </a>
        </div>
      </Section>
    </>
  );
}
