import type { Workspace } from '../../testing/workspace-fixtures';
import { signedIn } from '../../testing/order-fixtures';
import { jobsOf } from '../../lib/jobs';

/** What the waitlist tests share: signed-in members, their requests, the offer's time running out, the due jobs. */

export interface Member {
  userId: string;
  email: string;
  cookie: string;
}

export function waitlistFixtures(w: Workspace) {
  const db = () => w.ctx.deps.db;

  async function member(): Promise<Member> {
    const person = await w.newPerson();
    return { userId: person.userId, email: person.email, cookie: await signedIn(w.ctx, person.userId) };
  }

  async function call(who: Member, path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
    const response = await w.ctx.request(path, {
      method: init.method ?? 'GET',
      headers: { 'Content-Type': 'application/json', Cookie: who.cookie, ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  }

  /** The offer's time is up: its end (and the end job's due time) moved into the past. */
  async function timeIsUp(entryId: string) {
    const past = new Date(w.ctx.deps.clock().getTime() - 1000).toISOString();
    await db().updateTable('waitlist_entries').set({ offered_until: past }).where('id', '=', entryId).execute();
    await db().updateTable('jobs').set({ run_at: past }).where('key', '=', `waitlist-offer-end:${entryId}`).execute();
  }

  async function runJobs() {
    await jobsOf(w.ctx.deps).runDue(50);
    await jobsOf(w.ctx.deps).settled();
  }

  return { member, call, timeIsUp, runJobs };
}
