/** Items per page of the centre. */
export const NOTIFICATION_PAGE_SIZE = 10;

/**
 * Where an item's link leads inside the app: a path of the app's own routes (`/targetTaskManagement/urge?x=1`), never
 * another origin or a script URL (the server writes the links, but the web trusts none it cannot route).
 */
export function targetOf(link: string | null | undefined): string | null {
  if (!link) return null;
  if (!link.startsWith('/') || link.startsWith('//')) return null;
  if (/[\s\\]/.test(link)) return null;
  return link;
}
