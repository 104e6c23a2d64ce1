import { formatPostDate, truncate } from './format';
import type { SitePostSummary } from './types';

export const CARD_TITLE_MAX = 60;
export const CARD_EXCERPT_MAX = 120;
export const CARD_TAGS_SHOWN = 3;

/**
 * A post in a list: banner, up to three tags then "+N more", title, excerpt, author, date.
 * `priority` marks the card whose banner is the page's largest paint on a phone (the first of
 * the blog's list): fetched at once and first, not lazily once the layout is known.
 */
export function PostCard({
  post,
  headingLevel = 3,
  priority = false,
}: {
  post: SitePostSummary;
  headingLevel?: 2 | 3;
  priority?: boolean;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const hidden = post.tags.length - CARD_TAGS_SHOWN;
  return (
    <article className="kw-card kw-post-card">
      {post.banner && (
        <img
          className="kw-post-card-banner"
          src={post.banner.src}
          srcSet={post.banner.srcSet}
          sizes="(max-width: 48em) 100vw, 36rem"
          width={post.banner.width}
          height={post.banner.height}
          alt=""
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
        />
      )}
      <div className="kw-post-card-body">
        {post.tags.length > 0 && (
          <ul className="kw-tags" aria-label="Tags">
            {post.tags.slice(0, CARD_TAGS_SHOWN).map((tag) => (
              <li key={tag}>
                <a className="kw-tag" href={`/blog?tags=${encodeURIComponent(tag)}`}>
                  {tag}
                </a>
              </li>
            ))}
            {hidden > 0 && <li className="kw-tag kw-tag-more">+{hidden} more</li>}
          </ul>
        )}
        <Heading className="kw-post-card-title">
          <a href={`/blog/${post.slug}`}>{truncate(post.title, CARD_TITLE_MAX)}</a>
        </Heading>
        <p className="kw-muted">{truncate(post.excerpt, CARD_EXCERPT_MAX)}</p>
        <p className="kw-post-meta">
          <span>{post.author}</span>
          {post.published_at && <time dateTime={post.published_at}>{formatPostDate(post.published_at)}</time>}
        </p>
        {/* The title in the link's own text, not only its label: search engines read the text. */}
        <a className="kw-read-more" href={`/blog/${post.slug}`}>
          Read More<span className="kw-visually-hidden">: {post.title}</span>
        </a>
      </div>
    </article>
  );
}
