import { renderToString } from 'react-dom/server';
import { AboutPage } from './about/about-page';
import { BlogListPage, type BlogListPageProps } from './blog/blog-list-page';
import { BlogPostPage, PostNotFoundPage, type BlogPostPageProps } from './blog/blog-post-page';
import { ClassesPage, type ClassesPageProps } from './classes/classes-page';
import { ClassOfferPage } from './classes/offer-page';
import { LandingPage, type LandingPageProps } from './home/landing-page';
import { SiteLayout } from './layout';
import type { SiteSchool } from './types';
import { ManageBookingPage } from './bookings/manage-booking';
import { WorkshopsPage, type WorkshopsPageProps } from './bookings/workshops-page';

/** Every page of the public site with the data it shows. */
export type SitePage =
  | { kind: 'landing'; props: Omit<LandingPageProps, 'school'> }
  | { kind: 'about' }
  | { kind: 'blog-list'; props: BlogListPageProps }
  | { kind: 'blog-post'; props: BlogPostPageProps }
  | { kind: 'post-not-found' }
  | { kind: 'classes'; props: ClassesPageProps }
  | { kind: 'class-offer'; props: { token: string; timeZone: string } }
  | { kind: 'workshops'; props: WorkshopsPageProps }
  | { kind: 'booking-manage'; props: { token: string; today: string; timeZone: string } };

function PageBody({ page, school }: { page: SitePage; school: SiteSchool }) {
  switch (page.kind) {
    case 'landing':
      return <LandingPage school={school} {...page.props} />;
    case 'about':
      return <AboutPage school={school} />;
    case 'blog-list':
      return <BlogListPage {...page.props} />;
    case 'blog-post':
      return <BlogPostPage {...page.props} />;
    case 'post-not-found':
      return <PostNotFoundPage />;
    case 'classes':
      return <ClassesPage school={school} {...page.props} />;
    case 'class-offer':
      return <ClassOfferPage {...page.props} />;
    case 'workshops':
      return <WorkshopsPage school={school} {...page.props} />;
    case 'booking-manage':
      return <ManageBookingPage {...page.props} />;
  }
}

/** The `<body>` content of a public page; the server wraps it in the document. */
export function renderSiteBody(page: SitePage, school: SiteSchool, path: string): string {
  return renderToString(
    <SiteLayout school={school} path={path}>
      <PageBody page={page} school={school} />
    </SiteLayout>,
  );
}
