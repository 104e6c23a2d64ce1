import type { ReactNode } from 'react';
import { formatHoursTime, SOCIAL_NETWORK_LABELS } from '../../common/school';
import { ColorSchemeToggle } from './components/color-scheme-toggle';
import { BrandMark } from './components/brand-mark';
import type { SiteSchool } from './types';

export const SITE_LINKS = [
  { href: '/about', label: 'About' },
  { href: '/classes', label: 'Classes' },
  { href: '/blog', label: 'Blog' },
  { href: '/app', label: 'E-Learning' },
] as const;

export const MAIN_ID = 'main';

function NavLinks({ current }: { current: string }) {
  return (
    <>
      {SITE_LINKS.map((link) => {
        const active = current === link.href || current.startsWith(`${link.href}/`);
        return (
          <a
            key={link.href}
            href={link.href}
            className="kw-nav-link"
            aria-current={active ? 'page' : undefined}
          >
            {link.label}
          </a>
        );
      })}
      <a href="/workshops" className="kw-button kw-button-primary">
        Book Session
      </a>
    </>
  );
}

function Address({ school }: { school: SiteSchool }) {
  const { address } = school;
  return (
    <address className="kw-footer-address">
      {address.street}
      <br />
      {address.city}, {address.region} {address.postal_code}
      <br />
      <a href={`mailto:${school.email}`}>{school.email}</a>
      <br />
      <a href={`tel:${school.phone.replace(/[^\d+]/g, '')}`}>{school.phone}</a>
    </address>
  );
}

/** Hours as the school states them: "12PM-8PM", or "Closed". */
function formatHours(row: SiteSchool['hours'][number]): string {
  return row.closed || !row.opens || !row.closes
    ? 'Closed'
    : `${formatHoursTime(row.opens)}-${formatHoursTime(row.closes)}`;
}

/** The school's opening hours, a row per line of its settings. */
export function HoursList({ school, className = 'kw-hours' }: { school: SiteSchool; className?: string }) {
  return (
    <dl className={className}>
      {school.hours.map((row) => (
        <div key={row.label}>
          <dt>{row.label}</dt>
          <dd>{formatHours(row)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Header, phone menu and footer of every public page. */
export function SiteLayout({
  school,
  path,
  children,
}: {
  school: SiteSchool;
  path: string;
  children: ReactNode;
}) {
  return (
    <div className="kw-page">
      <a className="kw-skip-link" href={`#${MAIN_ID}`}>
        Skip to main content
      </a>
      <header className="kw-header">
        <div className="kw-container kw-header-row">
          <a href="/" className="kw-brand" aria-label={`${school.name}, home`}>
            <BrandMark school={school} />
            <span className="kw-brand-name">{school.name}</span>
          </a>
          <nav aria-label="Main" className="kw-nav kw-wide-only">
            <NavLinks current={path} />
          </nav>
          <div className="kw-header-tools">
            <ColorSchemeToggle />
            {/* A disclosure that works before any script: the phone menu. */}
            <details className="kw-phone-menu kw-narrow-only">
              <summary aria-label="Menu">
                <span className="kw-burger" aria-hidden="true" />
              </summary>
              <nav aria-label="Main" className="kw-phone-nav">
                <NavLinks current={path} />
              </nav>
            </details>
          </div>
        </div>
      </header>
      <main id={MAIN_ID} tabIndex={-1}>
        {children}
      </main>
      <footer className="kw-footer">
        <div className="kw-container kw-footer-grid">
          <section aria-labelledby="footer-school">
            <h2 id="footer-school" className="kw-footer-title">
              {school.name}
            </h2>
            <p>{school.tagline}</p>
            <Address school={school} />
          </section>
          <section aria-labelledby="footer-hours">
            <h2 id="footer-hours" className="kw-footer-title">
              Hours
            </h2>
            <HoursList school={school} />
          </section>
          <nav aria-labelledby="footer-explore">
            <h2 id="footer-explore" className="kw-footer-title">
              Explore
            </h2>
            <ul className="kw-footer-links">
              {SITE_LINKS.map((link) => (
                <li key={link.href}>
                  <a href={link.href}>{link.label}</a>
                </li>
              ))}
              <li>
                <a href="/workshops">Book Session</a>
              </li>
              <li>
                <a href="/contact">Contact</a>
              </li>
              <li>
                <a href="/blog/rss.xml">RSS feed</a>
              </li>
            </ul>
          </nav>
          {school.social_links.length > 0 && (
            <nav aria-labelledby="footer-follow">
              <h2 id="footer-follow" className="kw-footer-title">
                Follow
              </h2>
              <ul className="kw-footer-links">
                {school.social_links.map((link) => (
                  <li key={link.url}>
                    <a href={link.url} rel="noopener me">
                      {SOCIAL_NETWORK_LABELS[link.network]}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          )}
        </div>
        <div className="kw-container kw-footer-legal">
          <p>
            © {new Date().getFullYear()} {school.name}. A nonprofit school; the first week is free for
            in-person courses.
          </p>
        </div>
      </footer>
    </div>
  );
}
