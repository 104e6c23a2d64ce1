import { HoursList } from '../layout';
import { testimonialInitials } from '../../../common/testimonials';
import type { SiteSchool } from '../types';
import { ARTICLES, METHOD, PODCAST_DESCRIPTION_MAX, PODCASTS, TEAM } from './about-content';
import { ReadMore } from './read-more';
import { Section } from '../components/section';

const QUICK_LINKS = [
  {
    href: '/classes',
    label: 'Weekly classes',
    text: 'In-person classes in every art, for beginners and beyond.',
  },
  { href: '/app', label: 'E-Learning', text: 'Courses, lessons and quizzes to study between classes.' },
  { href: '/blog', label: 'Blog', text: 'Training notes, history and research from our instructors.' },
] as const;

const initials = (name: string) => testimonialInitials(name.replace(/^Sifu\s+/, ''));

/** `/about`: the school's story, method, people, recordings, press, contact and vision. */
export function AboutPage({ school }: { school: SiteSchool }) {
  return (
    <>
      <section className="kw-section" aria-labelledby="about-title">
        <div className="kw-container kw-narrow">
          <p className="kw-eyebrow">About the school</p>
          <h1 id="about-title" className="kw-display">
            Our story
          </h1>
          <p className="kw-lead">
            {school.name} began in 2014 as six students standing in San Ti Shi in a Santa Rosa park at seven
            in the morning. Today it is a nonprofit school teaching Xingyiquan, Taijiquan and Baguazhang to
            several hundred students a year in {school.area_label} and online.
          </p>
          <p>
            We became a nonprofit so that the arts, not the business, set the pace of teaching. Tuition covers
            rent and instructors; donations fund scholarships, free classes at senior centres, and the
            research and translation work we publish. No student is turned away for lack of money.
          </p>
        </div>
      </section>

      <Section titleId="method-title" title="Our method" variant="kw-section-tint">
        <ol className="kw-grid-3 kw-method">
          {METHOD.map((step, index) => (
            <li key={step.name} className="kw-card">
              <span className="kw-step" aria-hidden="true">
                {index + 1}
              </span>
              <h3>{step.name}</h3>
              <p className="kw-muted">{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section titleId="team-title" title="Leadership team">
        <ul className="kw-grid-4">
          {TEAM.map((person) => (
            <li key={person.name} className="kw-card kw-person">
              <span className="kw-avatar kw-avatar-large kw-avatar-initials" aria-hidden="true">
                {initials(person.name)}
              </span>
              <h3>{person.name}</h3>
              <p className="kw-person-role">{person.role}</p>
              <p className="kw-muted">{person.bio}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section titleId="podcasts-title" title="Podcasts" variant="kw-section-tint">
        <ul className="kw-grid-3">
          {PODCASTS.map((podcast) => (
            <li key={podcast.title} className="kw-card">
              <p className="kw-eyebrow">{podcast.show}</p>
              <h3>{podcast.title}</h3>
              <ReadMore text={podcast.description} max={PODCAST_DESCRIPTION_MAX} />
            </li>
          ))}
        </ul>
      </Section>

      <Section titleId="press-title" title="In the press">
        <ul className="kw-grid-2">
          {ARTICLES.map((article) => (
            <li key={article.title} className="kw-card">
              <p className="kw-eyebrow">
                {article.publication} · {article.date}
              </p>
              <h3>{article.title}</h3>
              <p className="kw-muted">{article.summary}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section titleId="links-title" title="Start here" variant="kw-section-tint">
        <ul className="kw-grid-3">
          {QUICK_LINKS.map((link) => (
            <li key={link.href} className="kw-card kw-quick-link">
              <a href={link.href}>{link.label}</a>
              <p className="kw-muted">{link.text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <section className="kw-section" aria-labelledby="contact-title">
        <div className="kw-container kw-split">
          <div>
            <h2 id="contact-title" className="kw-section-title">
              Contact
            </h2>
            <p>
              Visit us, call or write: we answer within two working days. The first week of in-person classes
              is free.
            </p>
            <address className="kw-contact">
              <strong>{school.name}</strong>
              <br />
              {school.address.street}, {school.address.city}, {school.address.region}{' '}
              {school.address.postal_code}
              <br />
              <a href={`mailto:${school.email}`}>{school.email}</a> ·{' '}
              <a href={`tel:${school.phone.replace(/[^\d+]/g, '')}`}>{school.phone}</a>
            </address>
            <p>
              <a className="kw-button kw-button-outline" href="/contact">
                Send us a message
              </a>
            </p>
          </div>
          <HoursList school={school} className="kw-hours kw-card" />
        </div>
      </section>

      <Section titleId="vision-title" title="Vision" variant="kw-vision" layout="kw-narrow">
        <p className="kw-lead">
          A county where anyone can learn the internal arts from teachers who know them deeply — and a body of
          teaching, written down and shared, that outlives any one of us.
        </p>
      </Section>
    </>
  );
}
