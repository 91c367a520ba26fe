/** The site's origin for share links (the browser's; empty while server rendering, where links stay relative). */
export function publicOrigin(): string {
  return typeof window === 'undefined' ? '' : window.location.origin;
}

/** Head entries for a public page (title 'X — Souk', description, og:image, canonical). */
export function pageHead(input: { title: string; description?: string; image?: string | null; path?: string }) {
  const meta: Array<Record<string, string>> = [{ title: `${input.title} — Souk` }];
  if (input.description) meta.push({ name: 'description', content: input.description });
  if (input.image) meta.push({ property: 'og:image', content: input.image });
  meta.push({ property: 'og:title', content: input.title });
  const links = input.path ? [{ rel: 'canonical', href: input.path }] : [];
  return { meta, links };
}
