import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { FRIENDSHIP_STATUS, type Person, type PublicProfile } from '../../../shared/people';
import type { Paged } from '../../../shared/paging';
import { paged } from '../../lib/paging';
import { containsPattern } from '../../db/sql-helpers';

export const FRIENDS = FRIENDSHIP_STATUS.accepted;
const ACTIVE_USER = 1;

export function createPeopleService(db: Kysely<Database>) {
  async function relation(viewerId: string | undefined, userId: string): Promise<PublicProfile['friendship']> {
    if (!viewerId) return 'none';
    if (viewerId === userId) return 'self';
    const row = await db
      .selectFrom('friendships')
      .select(['requester_id', 'status'])
      .where((eb) =>
        eb.or([
          eb.and([eb('requester_id', '=', viewerId), eb('addressee_id', '=', userId)]),
          eb.and([eb('requester_id', '=', userId), eb('addressee_id', '=', viewerId)]),
        ]),
      )
      .executeTakeFirst();
    if (!row) return 'none';
    if (row.status === FRIENDS) return 'friends';
    if (row.status === FRIENDSHIP_STATUS.pending) return row.requester_id === viewerId ? 'requested' : 'incoming';
    return 'none';
  }

  async function friendCount(userId: string): Promise<number> {
    const row = await db
      .selectFrom('friendships')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', FRIENDS)
      .where((eb) => eb.or([eb('requester_id', '=', userId), eb('addressee_id', '=', userId)]))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** A person's public profile; private profiles show name and picture only, except to friends. */
  async function profileByFlip(flip: string, viewerId: string | undefined): Promise<PublicProfile | undefined> {
    const user = await db
      .selectFrom('users')
      .select(['id', 'flip', 'first_name', 'last_name', 'image_path', 'is_private', 'created_at'])
      .where(sql`lower(flip)`, '=', flip.toLowerCase())
      .where('status_code', '=', ACTIVE_USER)
      .executeTakeFirst();
    if (!user) return undefined;
    const friendship = await relation(viewerId, user.id);
    const open = user.is_private !== 1 || friendship === 'friends' || friendship === 'self';
    return {
      id: user.id,
      flip: user.flip,
      firstName: user.first_name,
      lastName: user.last_name,
      imagePath: user.image_path,
      isPrivate: user.is_private === 1,
      totalFriends: open ? await friendCount(user.id) : null,
      memberSince: open ? user.created_at : null,
      friendship,
    };
  }

  const personColumns = ['u.id', 'u.first_name', 'u.last_name', 'u.flip', 'u.image_path'] as const;
  const toPerson = (u: { id: string; first_name: string; last_name: string; flip: string; image_path: string | null }): Person => ({
    id: u.id,
    name: `${u.first_name} ${u.last_name}`.trim(),
    flip: u.flip,
    imagePath: u.image_path,
  });

  /** People to discover: active users other than the viewer, by name. */
  async function people(viewerId: string | undefined, page: number, size: number, searchName?: string): Promise<Paged<Person>> {
    const base = () => {
      let q = db.selectFrom('users as u').where('u.status_code', '=', ACTIVE_USER);
      if (viewerId) q = q.where('u.id', '!=', viewerId);
      if (searchName) q = q.where(sql<boolean>`lower(u.first_name || ' ' || u.last_name) like ${containsPattern(searchName)} escape '\\'`);
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

  /** Accepted friends of a user, optionally matching a name. */
  async function friends(userId: string, page: number, size: number, searchName?: string): Promise<Paged<Person>> {
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
      if (searchName) q = q.where(sql<boolean>`lower(u.first_name || ' ' || u.last_name) like ${containsPattern(searchName)} escape '\\'`);
      return q;
    };
    const [count, rows] = await Promise.all([
      base()
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
      base()
        .select(personColumns)
        .orderBy('u.first_name')
        .orderBy('u.id')
        .limit(size)
        .offset(page * size)
        .execute(),
    ]);
    return paged(rows.map(toPerson), page, size, Number(count.n));
  }

  async function friendsVisible(userId: string, viewerId: string | undefined): Promise<boolean> {
    const user = await db.selectFrom('users').select('is_private').where('id', '=', userId).executeTakeFirst();
    if (!user) return false;
    if (user.is_private !== 1) return true;
    const relationToViewer = await relation(viewerId, userId);
    return relationToViewer === 'self' || relationToViewer === 'friends';
  }

  return { profileByFlip, people, friends, friendsVisible };
}
