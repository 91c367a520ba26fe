import { z } from 'zod';

/**
 * The friendship state machine (`POST /people/friends/update?targetUserId&action`).
 * One row per pair of people; what it means depends on who looks:
 *
 *   none          no row
 *   requested     I asked them (pending, I am the requester)
 *   incoming      they asked me
 *   friends       accepted
 *   blocking      I blocked them
 *   blocked_by    they blocked me (I am shown exactly what a stranger to a closed profile sees: 'none')
 *   blocked_both  each blocked the other
 *
 * An action either moves to a new relation, or is refused with a reason. An action whose target is
 * where the pair already is succeeds without change (a replayed offline request, a double tap).
 */
export const FRIEND_ACTIONS = ['request', 'cancel', 'accept', 'decline', 'remove', 'block', 'unblock'] as const;
export type FriendAction = (typeof FRIEND_ACTIONS)[number];

export const RELATIONS = ['none', 'requested', 'incoming', 'friends', 'blocking', 'blocked_by', 'blocked_both'] as const;
export type Relation = (typeof RELATIONS)[number];

/** Why an action is refused; the client shows `people:refused.<reason>`. */
export type RefusalReason =
  /** they accept no requests from you (their privacy setting), or they blocked you: the same answer */
  | 'requests_closed'
  /** you blocked them: unblock first */
  | 'you_blocked'
  | 'already_friends'
  | 'nothing_to_accept'
  | 'not_possible';

export type Transition = { to: Relation; friendsDelta: -1 | 0 | 1 } | { refused: RefusalReason };

/** What the other person is shown of a relation (the blocked never learn it). */
export function visibleRelation(relation: Relation): Relation {
  if (relation === 'blocked_by') return 'none';
  if (relation === 'blocked_both') return 'blocking';
  return relation;
}

/** a move that leaves the friend counts as they are */
const move = (to: Relation): Transition => ({ to, friendsDelta: 0 });

/**
 * The whole table. `canRequest`: whether the other person's privacy lets this one ask (checked by
 * the server: everyone, friends of friends, nobody).
 */
export function transition(from: Relation, action: FriendAction, canRequest = true): Transition {
  switch (action) {
    case 'request':
      if (from === 'none') return canRequest ? move('requested') : { refused: 'requests_closed' };
      if (from === 'requested') return move('requested');
      // both want it: asking someone who asked you accepts
      if (from === 'incoming') return { to: 'friends', friendsDelta: 1 };
      if (from === 'friends') return { refused: 'already_friends' };
      if (from === 'blocked_by') return { refused: 'requests_closed' };
      return { refused: 'you_blocked' };
    case 'cancel':
      if (from === 'requested') return move('none');
      if (from === 'none' || from === 'blocked_by') return move(from);
      if (from === 'friends') return { refused: 'already_friends' };
      return { refused: 'not_possible' };
    case 'accept':
      if (from === 'incoming') return { to: 'friends', friendsDelta: 1 };
      if (from === 'friends') return move('friends');
      return { refused: 'nothing_to_accept' };
    case 'decline':
      if (from === 'incoming') return move('none');
      if (from === 'none' || from === 'blocked_by') return move(from);
      if (from === 'friends') return { refused: 'already_friends' };
      return { refused: 'not_possible' };
    case 'remove':
      if (from === 'friends') return { to: 'none', friendsDelta: -1 };
      if (from === 'none' || from === 'blocked_by') return move(from);
      return { refused: 'not_possible' };
    case 'block':
      if (from === 'friends') return { to: 'blocking', friendsDelta: -1 };
      if (from === 'blocked_by') return move('blocked_both');
      if (from === 'blocking' || from === 'blocked_both') return move(from);
      return move('blocking');
    case 'unblock':
      if (from === 'blocking') return move('none');
      if (from === 'blocked_both') return move('blocked_by');
      if (from === 'none' || from === 'blocked_by') return move(from);
      return { refused: 'not_possible' };
  }
}

/** Who may send you friend requests (/profile/privacy). */
export const REQUEST_POLICIES = ['everyone', 'friends_of_friends', 'nobody'] as const;
export type RequestPolicy = (typeof REQUEST_POLICIES)[number];

export const friendUpdateQuerySchema = z.object({
  targetUserId: z.string().min(1).max(64),
  action: z.enum(FRIEND_ACTIONS),
});

export const friendUpdateResultSchema = z.object({
  /** the relation now, as the caller sees it */
  friendship: z.enum(['none', 'requested', 'incoming', 'friends', 'blocking']),
  /** the caller's friend count now */
  totalFriends: z.number().int().min(0),
});
export type FriendUpdateResult = z.infer<typeof friendUpdateResultSchema>;
