/** One page of a list: the size the screen shows and how many rows come before it. */
export interface PageParams {
  limit: number;
  offset: number;
}

/** A screen's page number (from 0) as the API's limit and offset. */
export function pageOf(page: number, size: number): PageParams {
  return { limit: size, offset: page * size };
}

export function pageQuery({ limit, offset }: PageParams): URLSearchParams {
  return new URLSearchParams({ limit: String(limit), offset: String(offset) });
}
