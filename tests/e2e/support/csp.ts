import crypto from 'node:crypto';
import { expect } from '@playwright/test';

/** The inline scripts of a page (no src), with their attributes and their text. */
export function inlineScripts(html: string): Array<{ attributes: string; text: string }> {
  return [...html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)]
    .map((match) => ({ attributes: match[1] ?? '', text: match[2] }))
    .filter((script) => !/\ssrc=/.test(script.attributes));
}

/**
 * Every inline script of the page is allowed by the response's policy: by the hash of its text (a
 * page a signed-out visitor may get from the rendered-HTML cache) or by the response's nonce.
 * Returns how the page's scripts were allowed.
 */
export function expectInlineScriptsAllowed(html: string, csp: string | null | undefined): 'hash' | 'nonce' {
  const policy = csp ?? '';
  const scripts = inlineScripts(html);
  expect(scripts.length, 'the page has inline scripts (its loader and dehydrated state)').toBeGreaterThan(0);
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
  for (const script of scripts) {
    const hash = `'sha256-${crypto.createHash('sha256').update(script.text).digest('base64')}'`;
    const allowed = policy.includes(hash) || (nonce !== undefined && script.attributes.includes(`nonce="${nonce}"`));
    expect(allowed, `inline script ${script.text.slice(0, 60)}… is allowed by ${policy}`).toBe(true);
  }
  return nonce ? 'nonce' : 'hash';
}
