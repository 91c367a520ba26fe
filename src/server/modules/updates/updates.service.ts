import type { AppDeps } from '../../app-deps';
import { FRIENDSHIP_STATUS } from '../../../shared/people';
import { type UpdateItem, UPDATES_MAX, UPDATES_WINDOW_DAYS } from '../../../shared/updates';

const ACTIVE = 1;
const PUBLISHED = 1;
const LISTED = 1;
const BLOCKS = [FRIENDSHIP_STATUS.blocked, FRIENDSHIP_STATUS.blockedBoth];

/** The activity feed of /profile/updates (src/shared/updates.ts says what is in it). */
export function createUpdatesService({ db, clock }: Pick<AppDeps, 'db' | 'clock'>) {
  return async function feed(userId: string): Promise<UpdateItem[]> {
    const now = clock();
    const since = new Date(now.getTime() - UPDATES_WINDOW_DAYS * 86_400_000).toISOString();
    const pairs = await db
      .selectFrom('friendships')
      .select(['requester_id', 'addressee_id', 'status'])
      .where((eb) => eb.or([eb('requester_id', '=', userId), eb('addressee_id', '=', userId)]))
      .execute();
    const other = (p: { requester_id: string; addressee_id: string }) => (p.requester_id === userId ? p.addressee_id : p.requester_id);
    const friends = pairs.filter((p) => p.status === FRIENDSHIP_STATUS.accepted).map(other);
    const blocked = new Set(pairs.filter((p) => (BLOCKS as string[]).includes(p.status)).map(other));
    const items: UpdateItem[] = [];

    // followed firms' new events and posts
    const followed = (await db.selectFrom('follows').select('firm_id').where('user_id', '=', userId).execute()).map((f) => f.firm_id);
    if (followed.length) {
      const events = await db
        .selectFrom('events as e')
        .innerJoin('firms as f', 'f.id', 'e.firm_id')
        .select(['e.name', 'e.short_id', 'e.start_date_time', 'e.created_at', 'f.name as firmName', 'f.username', 'f.timezone'])
        .where('e.firm_id', 'in', followed)
        .where('e.status_code', '=', PUBLISHED)
        .where('e.visibility', '=', LISTED)
        .where('f.status_code', '=', ACTIVE)
        .where('e.created_at', '>=', since)
        // an event that is over is no news
        .where('e.start_date_time', '>=', now.toISOString())
        .orderBy('e.created_at', 'desc')
        .limit(UPDATES_MAX)
        .execute();
      for (const e of events) {
        items.push({
          kind: 'event',
          at: e.created_at,
          link: `/event/${e.short_id}`,
          actor: null,
          firm: { name: e.firmName, username: e.username },
          subject: e.name,
          startDateTime: e.start_date_time,
          timezone: e.timezone,
        });
      }
      const posts = await db
        .selectFrom('blog_posts as b')
        .innerJoin('firms as f', 'f.id', 'b.firm_id')
        .select(['b.name', 'b.short_id', 'b.published_date', 'f.name as firmName', 'f.username'])
        .where('b.firm_id', 'in', followed)
        .where('b.status_code', '=', PUBLISHED)
        .where('b.published_date', 'is not', null)
        .where('b.published_date', '<=', now.toISOString())
        .where('b.published_date', '>=', since)
        .where('f.status_code', '=', ACTIVE)
        .orderBy('b.published_date', 'desc')
        .limit(UPDATES_MAX)
        .execute();
      for (const p of posts) {
        items.push({
          kind: 'post',
          at: p.published_date!,
          link: `/blog/${p.short_id}`,
          actor: null,
          firm: { name: p.firmName, username: p.username },
          subject: p.name,
          startDateTime: null,
          timezone: null,
        });
      }
    }

    if (friends.length) {
      const people = await db
        .selectFrom('users')
        .select(['id', 'first_name', 'last_name', 'flip', 'image_path', 'is_private', 'status_code'])
        .where('id', 'in', friends)
        .execute();
      const byId = new Map(people.filter((p) => p.status_code === ACTIVE).map((p) => [p.id, p]));
      const ref = (id: string) => {
        const p = byId.get(id)!;
        return { name: `${p.first_name} ${p.last_name}`.trim(), flip: p.flip, imagePath: p.image_path };
      };
      // friends' new friends: only people who are not private, not me, and nobody I am in a block with
      const theirs = await db
        .selectFrom('friendships as fr')
        .select(['fr.requester_id', 'fr.addressee_id', 'fr.created_at'])
        .where('fr.status', '=', FRIENDSHIP_STATUS.accepted)
        .where('fr.created_at', '>=', since)
        .where((eb) => eb.or([eb('fr.requester_id', 'in', friends), eb('fr.addressee_id', 'in', friends)]))
        .orderBy('fr.created_at', 'desc')
        .limit(UPDATES_MAX * 2)
        .execute();
      const newIds = [...new Set(theirs.flatMap((f) => [f.requester_id, f.addressee_id]))].filter((id) => id !== userId);
      const newPeople = newIds.length
        ? await db
            .selectFrom('users')
            .select(['id', 'first_name', 'last_name', 'flip', 'is_private', 'status_code'])
            .where('id', 'in', newIds)
            .execute()
        : [];
      const publicPeople = new Map(newPeople.filter((p) => p.is_private !== 1 && p.status_code === ACTIVE).map((p) => [p.id, p]));
      const seen = new Set<string>();
      for (const f of theirs) {
        for (const [friendId, newId] of [
          [f.requester_id, f.addressee_id],
          [f.addressee_id, f.requester_id],
        ] as const) {
          if (!byId.has(friendId) || newId === userId || blocked.has(newId) || (byId.has(newId) && friendId > newId)) continue;
          const person = publicPeople.get(newId);
          const key = `${friendId}:${newId}`;
          if (!person || seen.has(key)) continue;
          seen.add(key);
          items.push({
            kind: 'friend',
            at: f.created_at,
            link: `/profile/${person.flip}`,
            actor: ref(friendId),
            firm: null,
            subject: `${person.first_name} ${person.last_name}`.trim(),
            startDateTime: null,
            timezone: null,
          });
        }
      }
      // firms friends started following
      const follows = await db
        .selectFrom('follows as fo')
        .innerJoin('firms as f', 'f.id', 'fo.firm_id')
        .select(['fo.user_id', 'fo.created_at', 'f.name', 'f.username'])
        .where('fo.user_id', 'in', [...byId.keys()])
        .where('f.status_code', '=', ACTIVE)
        .where('fo.created_at', '>=', since)
        .orderBy('fo.created_at', 'desc')
        .limit(UPDATES_MAX)
        .execute();
      for (const f of follows) {
        items.push({
          kind: 'follow',
          at: f.created_at,
          link: `/${f.username}`,
          actor: ref(f.user_id),
          firm: { name: f.name, username: f.username },
          subject: null,
          startDateTime: null,
          timezone: null,
        });
      }
    }
    return items.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0)).slice(0, UPDATES_MAX);
  };
}
