/** A banner as the page sets it: sized sources and its own dimensions, so nothing shifts. */
export interface SiteImage {
  src: string;
  srcSet?: string;
  width: number;
  height: number;
}

export interface SitePostSummary {
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  tags: string[];
  published_at: string | null;
  banner: SiteImage | null;
}

export interface SitePost extends SitePostSummary {
  content: string;
  meta_description: string | null;
  created_at: string;
  updated_at: string;
  media: { url: string; type: 'image' | 'video'; caption: string; embed: string | null }[];
}
