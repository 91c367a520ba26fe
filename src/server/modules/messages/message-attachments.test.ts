import { describe, expect, it } from 'vitest';
// first: the app's OpenAPI zod extension must be in place before any shared schema is built
import { FIRM, useWorkspace, type Actor } from '../../testing/workspace-fixtures';
import { attachmentSchema, messagePageSchema, messageSchema, type LiveMessage } from '../../../shared/messages';
import { MESSAGE_ATTACHMENTS_MAX } from '../../../shared/message-limits';
import { imageForm } from '../../testing/catalogue-fixtures';
import { channels } from '../../lib/realtime';
import { login } from '../../testing/marketplace-fixtures';

const w = useWorkspace();

async function read(response: Response) {
  const text = await response.text();
  const json = Boolean(text) && Boolean(response.headers.get('content-type')?.includes('json'));
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers field by field; the schemas check them
  return { status: response.status, body: (json ? JSON.parse(text) : text) as any };
}

/** A new signed-in customer: JSON calls, uploads and raw GETs with their cookie. */
async function newCustomer() {
  const person = await w.newPerson();
  const cookie = await login(w.ctx, person.email);
  const request = (path: string, init: RequestInit = {}) => w.ctx.request(path, { ...init, headers: { Cookie: cookie, ...init.headers } });
  return {
    ...person,
    request,
    json: async (method: string, path: string, body?: unknown) =>
      read(
        await request(path, {
          method,
          headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      ),
    upload: async (path: string, form?: FormData) => read(await request(path, { method: 'POST', body: form ?? (await imageForm()) })),
  };
}

const team = async (actor: Actor, path: string, init: RequestInit = {}) => w.as(actor, path, init);

describe('image attachments in messages', () => {
  it('the customer attaches images; both sides see them (live too); nobody else reads them, not even by the public media route', async () => {
    const ann = await newCustomer();
    const bob = await newCustomer();
    const { body: conversation } = await ann.json('POST', '/api/user/conversations', { firmId: FIRM });
    const id = conversation.id as string;
    const live: { channel: string; data: LiveMessage }[] = [];
    const stop = w.ctx.deps.realtime.subscribe([channels.user(ann.userId), channels.firm(FIRM)], (event, channel) => {
      if (event.type === 'message') live.push({ channel, data: event.data as LiveMessage });
    });

    const first = await ann.upload(`/api/user/conversations/${id}/attachments`, await imageForm('#ff0000'));
    const second = await ann.upload(`/api/user/conversations/${id}/attachments`, await imageForm('#0000ff'));
    expect(first.status).toBe(201);
    expect(attachmentSchema.parse(first.body)).toEqual(first.body);
    // a private media id: long and random, not an id of the public media route
    expect(first.body.id).toMatch(/^msg_[0-9a-f]{32}$/);

    const sent = await ann.json('POST', `/api/user/conversations/${id}/messages`, {
      body: 'Is this the dish?',
      attachments: [second.body.id, first.body.id],
    });
    expect(sent.status).toBe(201);
    expect(messageSchema.parse(sent.body)).toEqual(sent.body);
    expect(sent.body.attachments.map((a: { id: string }) => a.id)).toEqual([second.body.id, first.body.id]);
    stop();
    // live on both channels with the images
    expect(live.map((e) => e.data.message.attachments.length)).toEqual([2, 2]);

    // the team's list and page show them
    const inbox = await (await team('staff', `/api/dashboard/conversations?firmId=${FIRM}`)).json();
    expect(inbox.content.find((c: { id: string }) => c.id === id).lastMessagePreview).toBe('📷 Is this the dish?');
    const page = await (await team('staff', `/api/dashboard/conversations/${id}/messages`)).json();
    expect(messagePageSchema.parse(page)).toEqual(page);
    expect(page.content[0].attachments).toEqual(sent.body.attachments);

    // both sides read the renditions
    const mine = await ann.request(`/api/user/conversations/${id}/attachments/${first.body.id}/small.webp`);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('image/webp');
    expect(mine.headers.get('cache-control')).toMatch(/^private/);
    expect((await mine.arrayBuffer()).byteLength).toBeGreaterThan(0);
    const theirs = await team('staff', `/api/dashboard/conversations/${id}/attachments/${first.body.id}/large.webp`);
    expect(theirs.status).toBe(200);

    // nobody else: another customer (on the conversation, or on a conversation of their own), another firm, signed out, the public route
    const { body: bobs } = await bob.json('POST', '/api/user/conversations', { firmId: FIRM });
    expect((await bob.request(`/api/user/conversations/${id}/attachments/${first.body.id}/small.webp`)).status).toBe(404);
    expect((await bob.request(`/api/user/conversations/${bobs.id}/attachments/${first.body.id}/small.webp`)).status).toBe(404);
    expect((await team('otherOwner', `/api/dashboard/conversations/${id}/attachments/${first.body.id}/small.webp`)).status).toBe(404);
    expect((await team('anonymous', `/api/user/conversations/${id}/attachments/${first.body.id}/small.webp`)).status).toBe(401);
    expect((await w.ctx.request(`/media/${first.body.id}/small.webp`)).status).toBe(404);
    // and no rendition that is not one
    expect((await ann.request(`/api/user/conversations/${id}/attachments/${first.body.id}/huge.webp`)).status).toBe(404);
    // another customer cannot upload to it either
    expect((await bob.upload(`/api/user/conversations/${id}/attachments`)).status).toBe(404);
  });

  it('the team attaches an image; an unsent upload is its uploader’s alone; an image goes with one message only', async () => {
    const ann = await newCustomer();
    const { body: conversation } = await ann.json('POST', '/api/user/conversations', { firmId: FIRM });
    const id = conversation.id as string;
    await ann.json('POST', `/api/user/conversations/${id}/messages`, { body: 'Hello' });

    const upload = await team('manager', `/api/dashboard/conversations/${id}/attachments`, { method: 'POST', body: await imageForm() });
    expect(upload.status).toBe(201);
    const attachment = await upload.json();
    // not sent yet: the customer and the rest of the team do not see it, the uploader does
    expect((await ann.request(`/api/user/conversations/${id}/attachments/${attachment.id}/small.webp`)).status).toBe(404);
    expect((await team('staff', `/api/dashboard/conversations/${id}/attachments/${attachment.id}/small.webp`)).status).toBe(404);
    expect((await team('manager', `/api/dashboard/conversations/${id}/attachments/${attachment.id}/small.webp`)).status).toBe(200);
    // someone else may not send it
    const stolen = await team('staff', `/api/dashboard/conversations/${id}/messages`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ attachments: [attachment.id] }),
    });
    expect(stolen.status).toBe(400);

    // an image alone is a message
    const sent = await team('manager', `/api/dashboard/conversations/${id}/messages`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ attachments: [attachment.id] }),
    });
    expect(sent.status).toBe(201);
    expect(await sent.json()).toMatchObject({ body: '', attachments: [{ id: attachment.id }] });
    expect((await ann.json('GET', '/api/user/conversations')).body.content[0].lastMessagePreview).toBe('📷');
    expect((await ann.request(`/api/user/conversations/${id}/attachments/${attachment.id}/medium.webp`)).status).toBe(200);
    // not twice
    const again = await team('manager', `/api/dashboard/conversations/${id}/messages`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ body: 'Again', attachments: [attachment.id] }),
    });
    expect(again.status).toBe(400);
    // and nothing of that failed message was written
    const page = await ann.json('GET', `/api/user/conversations/${id}/messages`);
    expect(page.body.content.map((m: { body: string }) => m.body)).toEqual(['Hello', '']);
  });

  it(`refuses what is not an image, more than ${MESSAGE_ATTACHMENTS_MAX} images, and uploads from a blocked customer; discards stale uploads`, async () => {
    const ann = await newCustomer();
    const { body: conversation } = await ann.json('POST', '/api/user/conversations', { firmId: FIRM });
    const id = conversation.id as string;
    const text = new FormData();
    text.append('image', new Blob(['just text, not a picture'], { type: 'image/png' }), 'fake.png');
    const refused = await ann.upload(`/api/user/conversations/${id}/attachments`, text);
    expect(refused.status).toBe(400);
    expect(refused.body.errors.image).toEqual(['validation.image']);
    expect((await ann.upload(`/api/user/conversations/${id}/attachments`, new FormData())).status).toBe(400);

    const ids: string[] = [];
    for (let i = 0; i <= MESSAGE_ATTACHMENTS_MAX; i++) ids.push((await ann.upload(`/api/user/conversations/${id}/attachments`)).body.id);
    const tooMany = await ann.json('POST', `/api/user/conversations/${id}/messages`, { body: 'All', attachments: ids });
    expect(tooMany.status).toBe(400);
    expect((await ann.json('POST', `/api/user/conversations/${id}/messages`, { attachments: [ids[0], ids[0]] })).status).toBe(400);
    expect((await ann.json('POST', `/api/user/conversations/${id}/messages`, { attachments: ['msg_unknown'] })).status).toBe(400);

    // uploads nobody sent for a day go (row, media row and renditions) when the uploader uploads again
    const db = w.ctx.deps.db;
    await db.updateTable('message_attachments').set({ created_at: '2020-01-01T00:00:00.000Z' }).where('id', '=', ids[0]).execute();
    await ann.upload(`/api/user/conversations/${id}/attachments`);
    expect(await db.selectFrom('message_attachments').select('id').where('id', '=', ids[0]).executeTakeFirst()).toBeUndefined();
    expect(await db.selectFrom('media').select('id').where('id', '=', ids[0]).executeTakeFirst()).toBeUndefined();
    expect(await w.ctx.deps.storage.get(`${ids[0]}-small.webp`)).toBeNull();

    await team('owner', `/api/dashboard/conversations/${id}/block`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ blocked: true }),
    });
    const blocked = await ann.upload(`/api/user/conversations/${id}/attachments`);
    expect(blocked.status).toBe(403);
    expect(blocked.body.code).toBe('blocked');
  });
});
