// Lighthouse 12 mobile scores (its default: simulated slow 4G, 4x CPU) with the system Chromium.
import fs from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';

/**
 * @param {string[]} urls
 * @param {(line: string) => void} [log]
 * @returns {Promise<Record<string, {performance:number, accessibility:number, bestPractices:number, seo:number, failing?: string[]}>>}
 */
export async function lighthouseScores(urls, log = () => {}) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const scores = {};
  try {
    for (const url of urls) {
      // A run whose trace failed (NO_NAVSTART and the like) has null scores: try once more.
      let result;
      for (let attempt = 1; attempt <= 2; attempt++) {
        result = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        });
        if (Object.values(result.lhr.categories).every((category) => category.score !== null)) break;
        log(
          `  lighthouse ${new URL(url).pathname}: a category without a score (${result.lhr.runtimeError?.code ?? 'trace'}), ${attempt === 1 ? 'again' : 'kept'}`,
        );
      }
      // BENCH_LH_DIR keeps each page's whole report (long tasks, bootup time, main-thread breakdown) to act on.
      if (process.env.BENCH_LH_DIR) {
        fs.mkdirSync(process.env.BENCH_LH_DIR, { recursive: true });
        const name = new URL(url).pathname.replace(/\W+/g, '_') || '_';
        fs.writeFileSync(path.join(process.env.BENCH_LH_DIR, `${name}.json`), JSON.stringify(result.lhr));
      }
      scores[new URL(url).pathname] = scoresOf(result.lhr);
      log(`  lighthouse ${new URL(url).pathname}: ${JSON.stringify(scores[new URL(url).pathname])}`);
    }
  } finally {
    await chrome.kill();
  }
  return scores;
}

/** A report's four scores, its LCP and the audits that cost points (listed in results.json to act on). */
export function scoresOf(lhr) {
  const { categories, audits } = lhr;
  const score = (key) => (categories[key]?.score == null ? null : Math.round(categories[key].score * 100));
  // What costs points (shown in results.json to act on).
  const failing = Object.values(categories)
    .flatMap((category) => category.auditRefs.filter((ref) => ref.weight > 0).map((ref) => audits[ref.id]))
    .filter((audit) => audit && audit.score !== null && audit.score < 0.9)
    .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
    failing,
  };
}
