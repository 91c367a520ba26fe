import type { Transaction } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/schema';
import { jobsOf } from '../../lib/jobs';
import { AUDIENCE } from '../../../shared/audience';
import { formatMoney } from '../../../shared/dates';
import { normalizeLanguage } from '../../../shared/i18n';
import { notify } from '../notifications/notify';

/**
 * Offers for followers (docs/decisions/065): a promo code the firm made for its approved followers
 * is told to each of them once, in the app and, when they consented to the firm's marketing mail,
 * by mail; a follower who arrives while it runs is told too. All of it goes through durable jobs:
 *
 * - the fan-out is written in the transaction that creates the code (delayed to its start), or
 *   before a new follow is answered; it writes a `promo_offer_sends` row per follower not told
 *   yet and, in the same transaction, that follower's notice job: a second fan-out (a retry, a
 *   follow meanwhile) finds nobody new;
 * - the notice sets the row's `sent_at` by a conditional UPDATE before telling, so however often
 *   the job runs, one run tells.
 */

const FANOUT_JOB = 'promotions.offer-fanout';
const NOTICE_JOB = 'promotions.offer-notice';
/** followers written per transaction of the fan-out */
const BATCH = 200;

type OfferDeps = Pick<AppDeps, 'db' | 'dialect' | 'clock' | 'logger' | 'env'>;

/**
 * Asks for the fan-out of a new code for followers, in its creating transaction: at once, or when
 * it starts. Its id when it is due now, for the caller to run once the transaction has committed.
 */
export async function announceFollowerOffer(
  deps: OfferDeps,
  trx: Transaction<Database>,
  code: { id: string; startsAt: string | null },
): Promise<string | null> {
  const delayMs = code.startsAt ? Math.max(0, new Date(code.startsAt).getTime() - deps.clock().getTime()) : 0;
  const id = await jobsOf(deps).enqueue(FANOUT_JOB, { codeId: code.id }, { db: trx, key: `promo-offer-fanout:${code.id}`, delayMs });
  return delayMs === 0 ? id : null;
}

/** The firm's codes for followers a follower may use now: started, not ended, not withdrawn. */
function liveOffers(deps: OfferDeps, firmId: string) {
  const now = deps.clock().toISOString();
  return deps.db
    .selectFrom('promo_codes')
    .select(['id'])
    .where('firm_id', '=', firmId)
    .where('audience', '=', AUDIENCE.FOLLOWERS)
    .where('active', '=', 1)
    .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', now)]))
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .execute();
}

/** New approved followers of the firm are told of its live offers for followers (a fan-out per offer finds them). */
export async function offerToNewFollowers(deps: OfferDeps, firmId: string): Promise<void> {
  const jobs = jobsOf(deps);
  for (const offer of await liveOffers(deps, firmId)) {
    const id = await jobs.enqueue(FANOUT_JOB, { codeId: offer.id });
    // stored already: the follower hears of it now rather than at the next poll (another process may take it first)
    if (id) void jobs.runNow(id);
  }
}

/** The jobs' handlers: defined once per app, by the promotions routes. */
export function defineFollowerOfferJobs(deps: AppDeps) {
  const { db, clock } = deps;
  const jobs = jobsOf(deps);

  /** The code while it may still be used: its fan-out and its notices stop once it is withdrawn or over. */
  const usableCode = (codeId: string) =>
    db
      .selectFrom('promo_codes as p')
      .innerJoin('firms as f', 'f.id', 'p.firm_id')
      .select(['p.id', 'p.firm_id', 'p.code', 'p.kind', 'p.value', 'p.currency', 'f.name as firmName', 'f.username as firmUsername'])
      .where('p.id', '=', codeId)
      .where('p.audience', '=', AUDIENCE.FOLLOWERS)
      .where('p.active', '=', 1)
      .where((eb) => eb.or([eb('p.ends_at', 'is', null), eb('p.ends_at', '>', clock().toISOString())]))
      .executeTakeFirst();

  jobs.define<{ codeId: string }>(FANOUT_JOB, async ({ codeId }) => {
    const code = await usableCode(codeId);
    if (!code) return;
    for (;;) {
      const notices = await db.transaction().execute(async (trx) => {
        const now = clock().toISOString();
        const written = await trx
          .insertInto('promo_offer_sends')
          .columns(['code_id', 'user_id', 'created_at'])
          .expression((eb) =>
            eb
              .selectFrom('follows as fo')
              .select([eb.val(codeId).as('code_id'), 'fo.user_id', eb.val(now).as('created_at')])
              .where('fo.firm_id', '=', code.firm_id)
              .where((inner) =>
                inner.not(
                  inner.exists(
                    inner
                      .selectFrom('promo_offer_sends as s')
                      .select('s.user_id')
                      .where('s.code_id', '=', codeId)
                      .whereRef('s.user_id', '=', 'fo.user_id'),
                  ),
                ),
              )
              .orderBy('fo.user_id')
              .limit(BATCH),
          )
          .onConflict((oc) => oc.columns(['code_id', 'user_id']).doNothing())
          .returning('user_id')
          .execute();
        const ids: string[] = [];
        for (const { user_id } of written) {
          const id = await jobs.enqueue(
            NOTICE_JOB,
            { codeId, userId: user_id },
            { db: trx, key: `promo-offer:${codeId}:${user_id}`, tag: user_id },
          );
          if (id) ids.push(id);
        }
        return { ids, written: written.length };
      });
      // committed: the batch is told now, one after the other, rather than at the next polls
      for (const id of notices.ids) await jobs.runNow(id);
      if (notices.written < BATCH) return;
    }
  });

  jobs.define<{ codeId: string; userId: string }>(NOTICE_JOB, async ({ codeId, userId }) => {
    const code = await usableCode(codeId);
    if (!code) return;
    // still a follower: one who left (or was restricted) since the fan-out is not told
    const follower = await db
      .selectFrom('follows as fo')
      .innerJoin('users as u', 'u.id', 'fo.user_id')
      .select(['fo.marketing_opt_in', 'u.language'])
      .where('fo.firm_id', '=', code.firm_id)
      .where('fo.user_id', '=', userId)
      .executeTakeFirst();
    if (!follower) return;
    const claimed = await db
      .updateTable('promo_offer_sends')
      .set({ sent_at: clock().toISOString() })
      .where('code_id', '=', codeId)
      .where('user_id', '=', userId)
      .where('sent_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return;
    const language = normalizeLanguage(follower.language);
    await notify(deps, {
      to: userId,
      kind: 'firm.offer',
      params: {
        firmName: code.firmName,
        firmUsername: code.firmUsername,
        code: code.code,
        offer: code.kind === 'percent' ? `${code.value} %` : formatMoney(code.value, code.currency, language),
      },
      ...(follower.marketing_opt_in === 1 ? {} : { email: false as const }),
    });
  });
}
