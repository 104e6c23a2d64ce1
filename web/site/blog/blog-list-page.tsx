import { PostCard } from './post-card';
import { BLOG_PAGE_SIZE } from '../../../common/blog';
import type { SitePostSummary } from './types';

export interface BlogListPageProps {
  posts: SitePostSummary[];
  total: number;
  page: number;
  q: string;
  selectedTags: string[];
  tags: { tag_name: string; post_count: number }[];
}

/** The list's address for a search, a set of tags and a page: the form and links share it. */
export function blogListHref({ q, tags, page }: { q: string; tags: string[]; page?: number }): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (tags.length > 0) params.set('tags', tags.join(','));
  if (page && page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `/blog?${query}` : '/blog';
}

function Pager({ page, pages, q, tags }: { page: number; pages: number; q: string; tags: string[] }) {
  if (pages <= 1) return null;
  return (
    <nav className="kw-pager" aria-label="Blog pages">
      {page > 1 ? (
        <a href={blogListHref({ q, tags, page: page - 1 })} rel="prev">
          Previous
        </a>
      ) : (
        <span aria-hidden="true" />
      )}
      <span>{`Page ${page} of ${pages}`}</span>
      {page < pages ? (
        <a href={blogListHref({ q, tags, page: page + 1 })} rel="next">
          Next
        </a>
      ) : (
        <span aria-hidden="true" />
      )}
    </nav>
  );
}

/**
 * `/blog`: search, tag filters and pages are plain links and a GET form, so the list works
 * before (and without) any script, and every state has an address to share.
 */
export function BlogListPage({ posts, total, page, q, selectedTags, tags }: BlogListPageProps) {
  const pages = Math.max(1, Math.ceil(total / BLOG_PAGE_SIZE));
  const filtered = q !== '' || selectedTags.length > 0;
  return (
    <div className="kw-container kw-section">
      <h1 className="kw-display">Blog</h1>
      <p className="kw-section-lead">
        Training notes, history and research from our instructors: how to stand, why the forms are built the
        way they are, and what we learn teaching them.
      </p>
      <form className="kw-search" role="search" action="/blog" method="get">
        <label className="kw-visually-hidden" htmlFor="blog-search">
          Search blog posts
        </label>
        <input id="blog-search" type="search" name="q" defaultValue={q} placeholder="Search blog posts…" />
        {selectedTags.length > 0 && <input type="hidden" name="tags" value={selectedTags.join(',')} />}
        <button type="submit" className="kw-button kw-button-primary">
          Search
        </button>
      </form>
      <details className="kw-filters" open={selectedTags.length > 0}>
        <summary>Filters{selectedTags.length > 0 && ` (${selectedTags.length})`}</summary>
        <ul className="kw-filter-tags" aria-label="Filter by tag">
          {tags.map((tag) => {
            const selected = selectedTags.includes(tag.tag_name);
            const next = selected
              ? selectedTags.filter((name) => name !== tag.tag_name)
              : [...selectedTags, tag.tag_name];
            return (
              <li key={tag.tag_name}>
                <a
                  className="kw-filter-tag"
                  href={blogListHref({ q, tags: next })}
                  aria-current={selected ? 'true' : undefined}
                >
                  {tag.tag_name} <span className="kw-count">{tag.post_count}</span>
                </a>
              </li>
            );
          })}
        </ul>
      </details>
      {filtered && (
        <p className="kw-filter-summary">
          {total} {total === 1 ? 'post' : 'posts'}
          {q && <> for “{q}”</>}
          {selectedTags.length > 0 && <> tagged {selectedTags.join(', ')}</>}.{' '}
          <a href="/blog">Clear all filters</a>
        </p>
      )}
      {posts.length === 0 ? (
        <div className="kw-empty">
          <p className="kw-empty-title">No blog posts found</p>
          {filtered && <a href="/blog">Clear all filters</a>}
        </div>
      ) : (
        <div className="kw-grid-2">
          {posts.map((post, index) => (
            <PostCard key={post.slug} post={post} headingLevel={2} priority={index === 0} />
          ))}
        </div>
      )}
      <Pager page={page} pages={pages} q={q} tags={selectedTags} />
    </div>
  );
}
