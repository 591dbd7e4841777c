import { browseSearch, type BrowseParams } from '@shop/shared/domain/catalogue-browse';

/** The address of a browse state on the page at `path` (/products or /search). */
export const browseHref = (path: string, params: BrowseParams, queryKey: string): string => {
  const search = browseSearch(params, queryKey);
  return search ? `${path}?${search}` : path;
};
