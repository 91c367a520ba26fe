/**
 * What the server tells its renderer (src/client/entry-server.tsx) about a request beyond its URL
 * and cookies: request headers the server sets itself, after dropping any a browser sent (a
 * signed-out visitor's page rendered with one would be stored for everyone: src/server/app.ts).
 */

/** '1': the signed-in member has lite mode on: render the small pictures from the first byte. */
export const RENDER_LITE_HEADER = 'x-souk-render-lite';
