import { formatPostDate } from './format';
import { ShareButton } from './share-button';
import type { SitePost } from './types';

export interface BlogPostPageProps {
  post: SitePost;
  /** The post's absolute address, which Share hands on. */
  url: string;
}

function MediaItem({ item }: { item: SitePost['media'][number] }) {
  if (item.embed)
    return (
      <iframe
        src={item.embed}
        title={item.caption || 'Video'}
        loading="lazy"
        allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
        referrerPolicy="strict-origin-when-cross-origin"
        className="kw-embed"
      />
    );
  if (item.type === 'video')
    return (
      <video src={item.url} controls preload="metadata" className="kw-media-video">
        <track kind="captions" />
      </video>
    );
  return <img src={item.url} alt={item.caption} loading="lazy" decoding="async" className="kw-media-image" />;
}

/** `/blog/{slug}`: one published post with its gallery. */
export function BlogPostPage({ post, url }: BlogPostPageProps) {
  // Shown only when it says something the published date does not.
  const updated = formatPostDate(post.updated_at) !== formatPostDate(post.published_at ?? post.created_at);
  return (
    <article className="kw-container kw-section kw-article">
      <p>
        <a className="kw-link-back" href="/blog">
          Back to blog
        </a>
      </p>
      {post.tags.length > 0 && (
        <ul className="kw-tags" aria-label="Tags">
          {post.tags.map((tag) => (
            <li key={tag}>
              <a className="kw-tag" href={`/blog?tags=${encodeURIComponent(tag)}`}>
                {tag}
              </a>
            </li>
          ))}
        </ul>
      )}
      <h1 className="kw-display">{post.title}</h1>
      <div className="kw-article-meta">
        <span>By {post.author}</span>
        {post.published_at && <time dateTime={post.published_at}>{formatPostDate(post.published_at)}</time>}
        <ShareButton url={url} title={post.title} />
      </div>
      {post.banner && (
        <img
          className="kw-article-banner"
          src={post.banner.src}
          srcSet={post.banner.srcSet}
          sizes="(max-width: 60rem) 100vw, 60rem"
          width={post.banner.width}
          height={post.banner.height}
          alt=""
          fetchPriority="high"
        />
      )}
      <p className="kw-lead">{post.excerpt}</p>
      {/* Sanitised on the server when saved; rendered as stored. */}
      <div className="kw-prose" dangerouslySetInnerHTML={{ __html: post.content }} />
      {post.media.length > 0 && (
        <section aria-labelledby="gallery-title" className="kw-gallery">
          <h2 id="gallery-title">Gallery</h2>
          <ul className="kw-gallery-grid">
            {post.media.map((item) => (
              <li key={item.url}>
                <figure>
                  <MediaItem item={item} />
                  {item.caption && <figcaption>{item.caption}</figcaption>}
                </figure>
              </li>
            ))}
          </ul>
        </section>
      )}
      <footer className="kw-article-dates">
        {post.published_at && (
          <p>
            Published <time dateTime={post.published_at}>{formatPostDate(post.published_at)}</time>
          </p>
        )}
        {updated && (
          <p>
            Last updated <time dateTime={post.updated_at}>{formatPostDate(post.updated_at)}</time>
          </p>
        )}
      </footer>
    </article>
  );
}

/** What `/blog/{slug}` shows (with HTTP 404) for a post that does not exist or is not published. */
export function PostNotFoundPage() {
  return (
    // The empty state's own padding inside the container's, which it would otherwise replace.
    <div className="kw-container kw-section">
      <div className="kw-empty">
        <h1 className="kw-display">Post Not Found</h1>
        <p>Blog post not found. It may have been moved or unpublished.</p>
        <p>
          <a className="kw-button kw-button-primary" href="/blog">
            Back to blog
          </a>
        </p>
      </div>
    </div>
  );
}
