import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { FRIENDSHIP_STATUS, type FriendshipState, type Person, type ProfileEvent, type PublicProfile } from '../../../shared/people';
import { visibleRelation, type Relation } from '../../../shared/friendships';
import { ENTITY_TYPE } from '../../../shared/entity-types';
import type { Paged } from '../../../shared/paging';
import { paged } from '../../lib/paging';
import { containsPattern } from '../../db/sql-helpers';
import { imageFields, MEDIA_COLUMNS } from '../../db/media-columns';
import { createSavedService } from '../saved/saved.service';
import { pairRow, relationOf } from '../friendships/friendships.service';
import { visibleTo } from '../firm-followers/audience';

export const FRIENDS = FRIENDSHIP_STATUS.accepted;
const ACTIVE_USER = 1;
const BLOCKS = [FRIENDSHIP_STATUS.blocked, FRIENDSHIP_STATUS.blockedBoth];
const PREVIEW = { friends: 12, saved: 8, events: 6 };

type PersonRow = { id: string; first_name: string; last_name: string; flip: string; image_path: string | null };
const toPerson = (u: PersonRow): Person => ({
  id: u.id,
  name: `${u.first_name} ${u.last_name}`.trim(),
  flip: u.flip,
  imagePath: u.image_path,
});
const nameMatches = (searchName: string) =>
  sql<boolean>`lower(u.first_name || ' ' || u.last_name) like ${containsPattern(searchName)} escape '\\'`;

/**
 * People and public profiles, with the privacy rules held here on the server: a private
 * profile's friends, saved items and upcoming events reach only its friends; two people in a
 * block never find each other in a list, and each is shown the other as a stranger is shown a
 * private profile closed to requests.
 */
export function createPeopleService(db: Kysely<Database>, clock: () => Date = () => new Date()) {
  const saved = createSavedService(db, clock);

  /** Everyone in a block with `userId`, either way. */
  async function blockedWith(userId: string | undefined): Promise<string[]> {
    if (!userId) return [];
    const rows = await db
      .selectFrom('friendships')
      .select(['requester_id', 'addressee_id'])
      .where('status', 'in', BLOCKS)
      .where((eb) => eb.or([eb('requester_id', '=', userId), eb('addressee_id', '=', userId)]))
      .execute();
    return rows.map((row) => (row.requester_id === userId ? row.addressee_id : row.requester_id));
  }

  async function relation(viewerId: string | undefined, userId: string): Promise<Relation | 'self'> {
    if (!viewerId) return 'none';
    if (viewerId === userId) return 'self';
    return relationOf(await pairRow(db, viewerId, userId), viewerId);
  }

  /** How the viewer relates to each of `ids`, in one read. */
  async function relations(viewerId: string | undefined, ids: string[]): Promise<Map<string, FriendshipState>> {
    const result = new Map<string, FriendshipState>();
    if (!viewerId || ids.length === 0) return result;
    const rows = await db
      .selectFrom('friendships')
      .select(['id', 'requester_id', 'addressee_id', 'status'])
      .where((eb) =>
        eb.or([
          eb.and([eb('requester_id', '=', viewerId), eb('addressee_id', 'in', ids)]),
          eb.and([eb('addressee_id', '=', viewerId), eb('requester_id', 'in', ids)]),
        ]),
      )
      .execute();
    for (const row of rows) {
      const other = row.requester_id === viewerId ? row.addressee_id : row.requester_id;
      result.set(other, visibleRelation(relationOf(row, viewerId)) as FriendshipState);
    }
    for (const id of ids) if (!result.has(id)) result.set(id, id === viewerId ? 'self' : 'none');
    return result;
  }

  async function mayRequest(viewerId: string, user: { id: string; friend_requests_from: string }): Promise<boolean> {
    if (user.friend_requests_from === 'nobody') return false;
    if (user.friend_requests_from !== 'friends_of_friends') return true;
    const friendIds = async (id: string) =>
      (
        await db
          .selectFrom('friendships')
          .select(['requester_id', 'addressee_id'])
          .where('status', '=', FRIENDS)
          .where((eb) => eb.or([eb('requester_id', '=', id), eb('addressee_id', '=', id)]))
          .execute()
      ).map((row) => (row.requester_id === id ? row.addressee_id : row.requester_id));
    const mine = new Set(await friendIds(viewerId));
    return (await friendIds(user.id)).some((id) => mine.has(id));
  }

  /** The upcoming events a person saved, those `viewer` may see. */
  async function upcomingEvents(userId: string, viewer: string | undefined): Promise<ProfileEvent[]> {
    const rows = await db
      .selectFrom('saved_items as s')
      .innerJoin('events as e', 'e.id', 's.entity_id')
      .innerJoin('firms as f', 'f.id', 'e.firm_id')
      .leftJoin('media as m', 'm.id', 'e.image_path')
      .select([
        'e.short_id',
        'e.name',
        'e.start_date_time',
        'f.name as firmName',
        'f.timezone',
        'e.image_path as imagePath',
        ...MEDIA_COLUMNS,
      ])
      .where('s.user_id', '=', userId)
      .where('s.entity_type_code', '=', ENTITY_TYPE.EVENT)
      .where('e.start_date_time', '>=', clock().toISOString())
      .where('e.visibility', '=', 1)
      .where('e.status_code', '=', 1)
      .where(visibleTo(viewer, 'e.firm_id', 'e.audience'))
      .orderBy('e.start_date_time')
      .limit(PREVIEW.events)
      .execute();
    return rows.map((r) => ({
      shortId: r.short_id,
      name: r.name,
      startDateTime: r.start_date_time,
      timezone: r.timezone,
      firmName: r.firmName,
      ...imageFields(r),
    }));
  }

  /** A person's public profile as `viewerId` may see it. */
  async function profileByFlip(flip: string, viewerId: string | undefined): Promise<PublicProfile | undefined> {
    const user = await db
      .selectFrom('users')
      .select(['id', 'flip', 'first_name', 'last_name', 'image_path', 'is_private', 'created_at', 'total_friends', 'friend_requests_from'])
      .where(sql`lower(flip)`, '=', flip.toLowerCase())
      .where('status_code', '=', ACTIVE_USER)
      .executeTakeFirst();
    if (!user) return undefined;
    const rel = await relation(viewerId, user.id);
    const blocked = rel === 'blocking' || rel === 'blocked_by' || rel === 'blocked_both';
    const open = rel === 'self' || rel === 'friends' || (user.is_private !== 1 && !blocked);
    const canRequest = rel === 'none' && (viewerId ? await mayRequest(viewerId, user) : user.friend_requests_from !== 'nobody');
    const [friends, savedEntries, events] = open
      ? await Promise.all([
          friendsOf(user.id, 0, PREVIEW.friends, undefined, viewerId),
          Promise.all([
            saved.byType(user.id, ENTITY_TYPE.FIRM, 0, PREVIEW.saved, viewerId),
            saved.byType(user.id, ENTITY_TYPE.BLOG, 0, PREVIEW.saved, viewerId),
          ]),
          upcomingEvents(user.id, viewerId),
        ])
      : [null, null, null];
    return {
      id: user.id,
      flip: user.flip,
      firstName: user.first_name,
      lastName: user.last_name,
      imagePath: user.image_path,
      // someone in a block is shown what a stranger is shown of a private profile
      isPrivate: user.is_private === 1 || blocked,
      totalFriends: open ? user.total_friends : null,
      memberSince: open ? user.created_at : null,
      friendship: rel === 'self' ? 'self' : (visibleRelation(rel) as FriendshipState),
      canRequest,
      friends: friends ? friends.content : null,
      saved: savedEntries
        ? [...savedEntries[0].content, ...savedEntries[1].content]
            .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
            .slice(0, PREVIEW.saved)
        : null,
      upcomingEvents: events,
    };
  }

  const personColumns = ['u.id', 'u.first_name', 'u.last_name', 'u.flip', 'u.image_path'] as const;

  /** People to discover: active users other than the viewer (and anyone in a block with them), by name. */
  async function people(
    viewerId: string | undefined,
    excludeId: string | undefined,
    page: number,
    size: number,
    searchName?: string,
  ): Promise<Paged<Person>> {
    const hidden = await blockedWith(viewerId);
    const base = () => {
      let q = db.selectFrom('users as u').where('u.status_code', '=', ACTIVE_USER);
      if (viewerId) q = q.where('u.id', '!=', viewerId);
      if (excludeId) q = q.where('u.id', '!=', excludeId);
      if (hidden.length) q = q.where('u.id', 'not in', hidden);
      if (searchName) q = q.where(nameMatches(searchName));
      return q;
    };
    const [count, rows] = await Promise.all([
      base()
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
      base()
        .select(personColumns)
        .orderBy('u.first_name')
        .orderBy('u.last_name')
        .orderBy('u.id')
        .limit(size)
        .offset(page * size)
        .execute(),
    ]);
    const related = await relations(
      viewerId,
      rows.map((r) => r.id),
    );
    return paged(
      rows.map((row) => ({ ...toPerson(row), ...(viewerId ? { friendship: related.get(row.id) } : {}) })),
      page,
      size,
      Number(count.n),
    );
  }

  /** Accepted friends of a user, optionally matching a name; without anyone in a block with the viewer. */
  async function friendsOf(
    userId: string,
    page: number,
    size: number,
    searchName: string | undefined,
    viewerId: string | undefined,
  ): Promise<Paged<Person>> {
    const hidden = await blockedWith(viewerId);
    const base = () => {
      let q = db
        .selectFrom('friendships as fr')
        .innerJoin('users as u', (join) =>
          join.on((eb) =>
            eb.or([
              eb.and([eb('fr.requester_id', '=', userId), eb('u.id', '=', eb.ref('fr.addressee_id'))]),
              eb.and([eb('fr.addressee_id', '=', userId), eb('u.id', '=', eb.ref('fr.requester_id'))]),
            ]),
          ),
        )
        .where('fr.status', '=', FRIENDS)
        .where('u.status_code', '=', ACTIVE_USER);
      if (hidden.length) q = q.where('u.id', 'not in', hidden);
      if (searchName) q = q.where(nameMatches(searchName));
      return q;
    };
    const [count, rows] = await Promise.all([
      base()
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
      base()
        .select(personColumns)
        .orderBy('u.first_name')
        .orderBy('u.last_name')
        .orderBy('u.id')
        .limit(size)
        .offset(page * size)
        .execute(),
    ]);
    return paged(rows.map(toPerson), page, size, Number(count.n));
  }

  /** Whether the viewer may see a person's friends: public and no block, or a friend, or themself. */
  async function friendsVisible(userId: string, viewerId: string | undefined): Promise<boolean> {
    const user = await db.selectFrom('users').select(['is_private', 'status_code']).where('id', '=', userId).executeTakeFirst();
    if (!user || user.status_code !== ACTIVE_USER) return false;
    const rel = await relation(viewerId, userId);
    if (rel === 'self' || rel === 'friends') return true;
    return user.is_private !== 1 && rel !== 'blocking' && rel !== 'blocked_by' && rel !== 'blocked_both';
  }

  /** Friend requests the user received (`incoming`) or sent, newest first. */
  async function requests(userId: string, direction: 'incoming' | 'sent', page: number, size: number): Promise<Paged<Person>> {
    const base = () =>
      db
        .selectFrom('friendships as fr')
        .innerJoin('users as u', 'u.id', direction === 'incoming' ? 'fr.requester_id' : 'fr.addressee_id')
        .where(direction === 'incoming' ? 'fr.addressee_id' : 'fr.requester_id', '=', userId)
        .where('fr.status', '=', FRIENDSHIP_STATUS.pending)
        .where('u.status_code', '=', ACTIVE_USER);
    const [count, rows] = await Promise.all([
      base()
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
      base()
        .select([...personColumns, 'fr.created_at'])
        .orderBy('fr.created_at', 'desc')
        .orderBy('u.id')
        .limit(size)
        .offset(page * size)
        .execute(),
    ]);
    const friendship: FriendshipState = direction === 'incoming' ? 'incoming' : 'requested';
    return paged(
      rows.map((row) => ({ ...toPerson(row), friendship, since: row.created_at })),
      page,
      size,
      Number(count.n),
    );
  }

  /** The people the user blocked. */
  async function blocked(userId: string, page: number, size: number): Promise<Paged<Person>> {
    const base = () =>
      db
        .selectFrom('friendships as fr')
        .innerJoin('users as u', (join) =>
          join.on((eb) =>
            eb.or([
              eb.and([eb('fr.requester_id', '=', userId), eb('u.id', '=', eb.ref('fr.addressee_id'))]),
              eb.and([eb('fr.addressee_id', '=', userId), eb('u.id', '=', eb.ref('fr.requester_id'))]),
            ]),
          ),
        )
        .where((eb) =>
          eb.or([
            eb.and([eb('fr.status', '=', FRIENDSHIP_STATUS.blocked), eb('fr.requester_id', '=', userId)]),
            eb('fr.status', '=', FRIENDSHIP_STATUS.blockedBoth),
          ]),
        );
    const [count, rows] = await Promise.all([
      base()
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
      base()
        .select([...personColumns, 'fr.created_at'])
        .orderBy('fr.created_at', 'desc')
        .orderBy('u.id')
        .limit(size)
        .offset(page * size)
        .execute(),
    ]);
    return paged(
      rows.map((row) => ({ ...toPerson(row), friendship: 'blocking' as const, since: row.created_at })),
      page,
      size,
      Number(count.n),
    );
  }

  return { profileByFlip, people, friends: friendsOf, friendsVisible, requests, blocked };
}
