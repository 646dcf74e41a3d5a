/**
 * The site's public address, used for the canonical URL, Open Graph and Twitter URLs, the sitemap
 * and the Atom feed. Set $HOP_SITE_URL (an absolute http(s) URL; a path such as /articles/ is kept)
 * for the real host; the default is a reserved example domain, so an unconfigured build never claims
 * someone else's address.
 */

/** The address used when $HOP_SITE_URL is unset. */
export const DEFAULT_SITE_URL = 'https://split-on-evidence.example/';

/**
 * The site URL from the environment, normalised to end in "/".
 * @throws Error naming HOP_SITE_URL and the fix when it is not an absolute http(s) URL.
 */
export function siteUrl(env: Record<string, string | undefined>): string {
  const raw = env.HOP_SITE_URL?.trim() || DEFAULT_SITE_URL;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`HOP_SITE_URL="${raw}" is not a URL. Fix: set it to the site's address, e.g. https://example.org/ (or unset it).`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`HOP_SITE_URL="${raw}" must be an http(s) address. Fix: set it to e.g. https://example.org/ (or unset it).`);
  }
  return url.href.replace(/\/?$/, '/');
}
