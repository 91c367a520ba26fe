import { describe, expect, it } from 'vitest';
// first: the app's OpenAPI zod extension must be in place before any shared schema is built
import { FIRM, OTHER_FIRM, useWorkspace, type Actor } from '../../testing/workspace-fixtures';
import { conversationListSchema, conversationSchema, messagePageSchema, messageSchema, type LiveMessage } from '../../../shared/messages';
import { MESSAGE_MAX, MESSAGES_PER_MINUTE } from '../../../shared/message-limits';
import { channels } from '../../lib/realtime';
import { login } from '../../testing/marketplace-fixtures';

const w = useWorkspace();

async function call(actor: Actor, method: string, path: string, body?: unknown) {
  const response = await w.as(actor, path, { method, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers field by field; the schemas check them
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as any };
}

/** A new customer (signed in) and their conversation with f1. */
async function newCustomer() {
  const person = await w.newPerson();
  const cookie = await login(w.ctx, person.email);
  const as = async (method: string, path: string, body?: unknown) => {
    const response = await w.ctx.request(path, {
      method,
      headers: { Cookie: cookie, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as any };
  };
  return { ...person, as };
}

describe('messages between a customer and a firm', () => {
  it('opens one conversation per pair, carries messages both ways with unread counts, live events and notifications', async () => {
    const ann = await newCustomer();
    const live: { channel: string; data: LiveMessage }[] = [];
    const stop = w.ctx.deps.realtime.subscribe([channels.user(ann.userId), channels.firm(FIRM)], (event, channel) => {
      if (event.type === 'message') live.push({ channel, data: event.data as LiveMessage });
    });

    // opened twice at once (by username and by id): one conversation
    const [byName, byId] = await Promise.all([
      ann.as('POST', '/api/user/conversations', { firmUsername: 'CafeLumiere' }),
      ann.as('POST', '/api/user/conversations', { firmId: FIRM }),
    ]);
    expect(byName.status).toBe(200);
    expect(conversationSchema.parse(byName.body)).toEqual(byName.body);
    expect(byId.body.id).toBe(byName.body.id);
    const id = byName.body.id as string;
    // an empty conversation is in nobody's list yet
    expect((await ann.as('GET', '/api/user/conversations')).body.content).toEqual([]);

    const sent = await ann.as('POST', `/api/user/conversations/${id}/messages`, { body: '  Do you have a table for four tonight?  ' });
    expect(sent.status).toBe(201);
    expect(messageSchema.parse(sent.body)).toEqual(sent.body);
    expect(sent.body).toMatchObject({ from: 'customer', body: 'Do you have a table for four tonight?' });

    // the team's inbox shows it unread; staff may answer (messages.reply)
    const inbox = await call('staff', 'GET', `/api/dashboard/conversations?firmId=${FIRM}`);
    expect(conversationListSchema.parse(inbox.body)).toEqual(inbox.body);
    const row = inbox.body.content.find((c: { id: string }) => c.id === id);
    expect(row).toMatchObject({ unread: 1, lastFrom: 'customer', lastMessagePreview: 'Do you have a table for four tonight?' });
    expect(row.customer).toMatchObject({ id: ann.userId, name: expect.stringMatching(/^New Person \d+$/) });

    const answer = await call('staff', 'POST', `/api/dashboard/conversations/${id}/messages`, { body: 'Yes, at eight.' });
    expect(answer.status).toBe(201);
    // the team sees who of them answered; the customer sees the firm
    expect(answer.body).toMatchObject({ from: 'firm', senderName: 'Staff', body: 'Yes, at eight.' });
    const page = await ann.as('GET', `/api/user/conversations/${id}/messages`);
    expect(messagePageSchema.parse(page.body)).toEqual(page.body);
    expect(page.body.content.map((m: { body: string }) => m.body)).toEqual(['Do you have a table for four tonight?', 'Yes, at eight.']);
    expect(page.body.content[1]).toMatchObject({ from: 'firm', senderName: null });
    expect(page.body.conversation).toMatchObject({ unread: 1, firm: { name: 'Café Lumière', username: 'CafeLumiere' } });
    expect((await ann.as('GET', '/api/user/conversations')).body.unread).toBe(1);
    expect((await ann.as('POST', `/api/user/conversations/${id}/read`)).status).toBe(204);
    expect((await ann.as('GET', '/api/user/conversations')).body.unread).toBe(0);
    expect((await call('owner', 'POST', `/api/dashboard/conversations/${id}/read`)).status).toBe(204);
    expect((await call('owner', 'GET', `/api/dashboard/conversations?firmId=${FIRM}`)).body.content[0]).toMatchObject({ id, unread: 0 });

    // both channels got both messages, each side's own view of them
    stop();
    expect(live.map((e) => [e.channel.split(':')[0], e.data.message.from, e.data.message.senderName])).toEqual([
      ['user', 'customer', expect.any(String)],
      ['firm', 'customer', expect.any(String)],
      ['user', 'firm', null],
      ['firm', 'firm', 'Staff'],
    ]);

    // notifications: the team heard of the customer's first unread message, the customer of the answer
    await new Promise((resolve) => setTimeout(resolve, 50));
    const notes = await w.ctx.deps.db
      .selectFrom('notifications')
      .select(['user_id', 'kind', 'link'])
      .where('link', 'like', `%${id}%`)
      .execute();
    expect(
      notes
        .filter((n) => n.kind === 'message.customer')
        .map((n) => n.user_id)
        .sort(),
    ).toEqual([w.userId('manager'), w.userId('owner'), w.userId('staff')].sort());
    expect(notes.filter((n) => n.kind === 'message.received')).toEqual([
      { user_id: ann.userId, kind: 'message.received', link: `/profile/messages/${id}` },
    ]);
  });

  it("keeps each side to its own conversations: another customer's or another firm's answers 404", async () => {
    const ann = await newCustomer();
    const bob = await newCustomer();
    const { body } = await ann.as('POST', '/api/user/conversations', { firmId: FIRM });
    await ann.as('POST', `/api/user/conversations/${body.id}/messages`, { body: 'Private question' });
    expect((await bob.as('GET', `/api/user/conversations/${body.id}/messages`)).status).toBe(404);
    expect((await bob.as('POST', `/api/user/conversations/${body.id}/messages`, { body: 'Hi' })).status).toBe(404);
    expect((await bob.as('GET', '/api/user/conversations')).body.content).toEqual([]);
    expect((await call('otherOwner', 'GET', `/api/dashboard/conversations/${body.id}/messages`)).status).toBe(404);
    const other = await call('otherOwner', 'GET', `/api/dashboard/conversations?firmId=${OTHER_FIRM}`);
    expect(other.body.content.map((c: { id: string }) => c.id)).not.toContain(body.id);
    expect((await call('anonymous', 'GET', '/api/user/conversations')).status).toBe(401);
  });

  it('validates the body (1..2000 characters after trimming) and refuses an unknown firm', async () => {
    const ann = await newCustomer();
    const { body } = await ann.as('POST', '/api/user/conversations', { firmId: FIRM });
    const path = `/api/user/conversations/${body.id}/messages`;
    expect((await ann.as('POST', path, { body: '   ' })).status).toBe(400);
    expect((await ann.as('POST', path, { body: 'x'.repeat(MESSAGE_MAX + 1) })).status).toBe(400);
    expect((await ann.as('POST', path, {})).status).toBe(400);
    expect((await ann.as('POST', path, { body: 'x'.repeat(MESSAGE_MAX) })).status).toBe(201);
    expect((await ann.as('POST', '/api/user/conversations', { firmUsername: 'nobody-here' })).status).toBe(404);
    expect((await ann.as('POST', '/api/user/conversations', {})).status).toBe(400);
  });

  it('a customer the firm blocked cannot write; unblocked, they can again', async () => {
    const ann = await newCustomer();
    const { body } = await ann.as('POST', '/api/user/conversations', { firmId: FIRM });
    const path = `/api/user/conversations/${body.id}/messages`;
    expect((await ann.as('POST', path, { body: 'First' })).status).toBe(201);
    const blocked = await call('manager', 'PUT', `/api/dashboard/conversations/${body.id}/block`, { blocked: true });
    expect(blocked.body.blocked).toBe(true);
    const refused = await ann.as('POST', path, { body: 'Again' });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('blocked');
    expect((await ann.as('GET', `/api/user/conversations/${body.id}/messages`)).body.conversation.blocked).toBe(true);
    await call('manager', 'PUT', `/api/dashboard/conversations/${body.id}/block`, { blocked: false });
    expect((await ann.as('POST', path, { body: 'Again' })).status).toBe(201);
  });

  it(`rate-limits a writer to ${MESSAGES_PER_MINUTE} messages a minute`, async () => {
    const ann = await newCustomer();
    const { body } = await ann.as('POST', '/api/user/conversations', { firmId: FIRM });
    const path = `/api/user/conversations/${body.id}/messages`;
    const statuses: number[] = [];
    for (let i = 0; i <= MESSAGES_PER_MINUTE; i++) statuses.push((await ann.as('POST', path, { body: `n${i}` })).status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(MESSAGES_PER_MINUTE);
    expect(statuses.at(-1)).toBe(429);
  });

  it('pages older messages with `before`', async () => {
    const ann = await newCustomer();
    const { body } = await ann.as('POST', '/api/user/conversations', { firmId: FIRM });
    const db = w.ctx.deps.db;
    await db
      .insertInto('messages')
      .values(
        Array.from({ length: 7 }, (_, i) => ({
          id: `${body.id}-m${i}`,
          conversation_id: body.id,
          sender_id: ann.userId,
          from_firm: 0,
          body: `m${i}`,
          created_at: `2026-06-0${i + 1}T10:00:00.000Z`,
        })),
      )
      .execute();
    const last = await ann.as('GET', `/api/user/conversations/${body.id}/messages?size=3`);
    expect(last.body.content.map((m: { body: string }) => m.body)).toEqual(['m4', 'm5', 'm6']);
    expect(last.body.hasOlder).toBe(true);
    const older = await ann.as(
      'GET',
      `/api/user/conversations/${body.id}/messages?size=3&before=${encodeURIComponent(last.body.content[0].createdAt)}`,
    );
    expect(older.body.content.map((m: { body: string }) => m.body)).toEqual(['m1', 'm2', 'm3']);
  });
});
