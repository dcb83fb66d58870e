/**
 * What a signed-in caller's answer may be cached as: by their own browser only, and checked with the service every
 * time it is reused (its ETag still saves the body), or not at all when the service said no-store.
 */
export function privateCacheControl(fromService: string | string[] | undefined): string {
  return /\bno-store\b/i.test(String(fromService ?? '')) ? PRIVATE_NO_STORE : PRIVATE_NO_CACHE;
}
export const PRIVATE_NO_CACHE = 'private, no-cache';
export const PRIVATE_NO_STORE = 'private, no-store';
