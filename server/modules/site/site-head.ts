import { CLASS_TYPE_LABELS, type Class } from '../../../common/classes';
import type { SitePost } from '../../../web/site/blog/types';
import type { SiteSchool } from '../../../web/site/types';
import { openingHoursSpecification } from '../../../common/school';
import type { PageHead } from './site-document';

export function organization(school: SiteSchool, base: string) {
  return {
    '@type': ['Organization', 'SportsActivityLocation'],
    '@id': `${base}/#school`,
    name: school.name,
    description: school.description,
    slogan: school.tagline,
    url: `${base}/`,
    logo: school.logo_url ? new URL(school.logo_url, base).href : `${base}/favicon.svg`,
    email: school.email,
    telephone: school.phone,
    address: {
      '@type': 'PostalAddress',
      streetAddress: school.address.street,
      addressLocality: school.address.city,
      addressRegion: school.address.region,
      postalCode: school.address.postal_code,
      addressCountry: school.address.country,
    },
    openingHoursSpecification: openingHoursSpecification(school.hours),
    sameAs: school.social_links.map((link) => link.url),
  };
}

export function landingHead(school: SiteSchool, base: string): PageHead {
  return {
    title: `${school.name} — ${school.tagline}`,
    description: school.description,
    canonical: `${base}/`,
    type: 'website',
    image: null,
    jsonLd: [{ '@context': 'https://schema.org', ...organization(school, base) }],
  };
}

export function postHead(post: SitePost, school: SiteSchool, base: string): PageHead {
  const canonical = `${base}/blog/${post.slug}`;
  const image = post.banner ? new URL(post.banner.src, base).href : null;
  const description = post.meta_description || post.excerpt;
  return {
    title: `${post.title} — ${school.name}`,
    description,
    canonical,
    type: 'article',
    image,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: post.title,
        description,
        ...(image ? { image } : {}),
        datePublished: post.published_at ?? post.created_at,
        dateModified: post.updated_at,
        author: { '@type': post.author === school.name ? 'Organization' : 'Person', name: post.author },
        publisher: { '@id': `${base}/#school`, '@type': 'Organization', name: school.name },
        mainEntityOfPage: canonical,
        keywords: post.tags.join(', '),
      },
    ],
  };
}

export function simpleHead(title: string, description: string, canonical: string, noindex = false): PageHead {
  return { title, description, canonical, type: 'website', image: null, jsonLd: [], noindex };
}

/** The classes page: each published class as a Course offered in person by the school. */
export function classesHead(school: SiteSchool, classes: Class[], base: string): PageHead {
  const canonical = `${base}/classes`;
  return {
    title: `Classes — ${school.name}`,
    description: `Weekly in-person classes in Xingyiquan, Taijiquan and Baguazhang at ${school.name} in ${school.address.city}.`,
    canonical,
    type: 'website',
    image: null,
    jsonLd:
      classes.length === 0
        ? []
        : [
            {
              '@context': 'https://schema.org',
              '@type': 'ItemList',
              itemListElement: classes.map((item, index) => ({
                '@type': 'ListItem',
                position: index + 1,
                item: {
                  '@type': 'Course',
                  name: item.class_name,
                  description: item.description ?? item.skill_focus,
                  educationalLevel: CLASS_TYPE_LABELS[item.class_type],
                  url: canonical,
                  provider: { '@id': `${base}/#school`, '@type': 'Organization', name: school.name },
                  offers: {
                    '@type': 'Offer',
                    price: item.price,
                    priceCurrency: 'USD',
                    category: item.price === 0 ? 'Free' : 'Paid',
                  },
                  hasCourseInstance: {
                    '@type': 'CourseInstance',
                    courseMode: 'onsite',
                    location: item.location,
                    instructor: { '@type': 'Person', name: item.instructor_name },
                  },
                },
              })),
            },
          ],
  };
}
