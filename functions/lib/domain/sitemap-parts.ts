/** A slice of a sitemap's rows in id order: `limit` rows after the first `offset`. */
export interface SitemapSlice {
  offset: number;
  limit: number;
}

/** One numbered sitemap's share of a list: how many URLs it holds and the day of its latest change. */
export interface SitemapPart {
  urls: number;
  lastmod: string;
}
