import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renditionPath } from '../../lib/media';
import { imageForm, insertPost, usePremium } from '../../testing/catalogue-fixtures';
import { login } from '../../testing/marketplace-fixtures';
import { FIRM, useWorkspace } from '../../testing/workspace-fixtures';

const workspace = useWorkspace();
const db = () => workspace.ctx.deps.db;

async function send(method: string, path: string, body?: unknown, actor: 'owner' | 'manager' | 'staff' | 'otherOwner' = 'owner') {
  const response = await workspace.as(actor, path, { method, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

const publicPosts = async (firmUsername = 'CafeLumiere') =>
  (await workspace.market.json(`/api/public/blog-posts?size=32&firmUsername=${firmUsername}`)).body.content.map(
    (p: { name: string }) => p.name,
  );

async function upload(actor: 'owner' | 'otherOwner' = 'owner', firmId = FIRM) {
  const response = await workspace.as(actor, `/api/dashboard/blog-posts/images?firmId=${firmId}`, {
    method: 'POST',
    body: await imageForm(),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { imagePath: string; imageWidth: number; imageHeight: number };
}

describe('owner blog', () => {
  it('counts drafts against the plan on real rows', async () => {
    // f3 (pages) is on the free plan: 5 posts, 3 already there
    const owner = await workspace.newPerson('f3', 'OWNER');
    const cookie = await login(workspace.ctx, owner.email);
    const create = () =>
      workspace.ctx.request('/api/dashboard/blog-posts/create?firmId=f3', { method: 'POST', headers: { Cookie: cookie } });
    expect((await create()).status).toBe(201);
    expect((await create()).status).toBe(201);
    const refused = await create();
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'plan_limit', featureKey: 'CREATE_BLOG' });
  });

  it('creates a draft with the title the editor asked for, and refuses a blank or overlong one', async () => {
    await usePremium(db(), FIRM);
    const named = await send('POST', `/api/dashboard/blog-posts/create?firmId=${FIRM}`, { name: ' Our new terrace ' });
    expect(named).toMatchObject({ status: 201, body: { name: 'Our new terrace', statusCode: 0 } });
    expect((await send('POST', `/api/dashboard/blog-posts/create?firmId=${FIRM}`, { name: '' })).status).toBe(400);
    expect((await send('POST', `/api/dashboard/blog-posts/create?firmId=${FIRM}`, { name: 'x'.repeat(161) })).status).toBe(400);
  });

  it('autosaves fields one at a time, sanitizing the body on every save', async () => {
    await usePremium(db(), FIRM);
    const draft = (await send('POST', `/api/dashboard/blog-posts/create?firmId=${FIRM}`)).body;
    expect(draft).toMatchObject({ name: '', content: '', statusCode: 0, publishedDate: null, firmUsername: 'CafeLumiere' });
    expect((await send('PATCH', `/api/dashboard/blog-posts/${draft.id}`, { name: 'Our new terrace' })).body.name).toBe('Our new terrace');
    const saved = await send('PATCH', `/api/dashboard/blog-posts/${draft.id}`, {
      content: '<h1>Open</h1><p onclick="steal()">From <b>Friday</b><script>alert(1)</script></p><a href="javascript:alert(1)">x</a>',
    });
    expect(saved.body).toMatchObject({
      name: 'Our new terrace',
      content: '<h2>Open</h2><p>From <b>Friday</b></p><a rel="noopener noreferrer nofollow" target="_blank">x</a>',
    });
    const stored = await db().selectFrom('blog_posts').select('content').where('id', '=', draft.id).executeTakeFirstOrThrow();
    expect(stored.content).toBe(saved.body.content);
    const bad = await send('PATCH', `/api/dashboard/blog-posts/${draft.id}`, { categoryKey: 'gossip', shortSummary: 'x' });
    expect(bad).toMatchObject({ status: 400, body: { errors: { categoryKey: ['validation.unknownCategory'] } } });
    expect((await send('PATCH', `/api/dashboard/blog-posts/${draft.id}`, { statusCode: 1 })).status).toBe(400);
    expect((await send('PATCH', `/api/dashboard/blog-posts/${draft.id}`, { name: 'x'.repeat(161) })).status).toBe(400);
    // nothing of the refused saves landed
    expect((await send('GET', `/api/dashboard/blog-posts/sid/${draft.shortId}`)).body).toMatchObject({
      shortSummary: '',
      categoryKey: null,
    });
  });

  it('publishes with the date of the first publication, hides again on unpublish, needs a title and a body', async () => {
    const empty = await insertPost(db(), FIRM, { name: '', content: '' });
    expect(await send('PATCH', `/api/dashboard/blog-posts/${empty.id}/status`)).toMatchObject({
      status: 400,
      body: { errors: { name: ['validation.required'], content: ['validation.required'] } },
    });
    const { id, shortId } = await insertPost(db(), FIRM, {
      name: 'Harvest notes',
      content: '<p>The figs are ripe. Come and taste them.</p>',
    });
    const published = await send('PATCH', `/api/dashboard/blog-posts/${id}/status`);
    expect(published.body).toMatchObject({ statusCode: 1, shortSummary: 'The figs are ripe. Come and taste them.' });
    const firstDate = published.body.publishedDate;
    expect(firstDate).toBe(new Date(workspace.ctx.deps.clock()).toISOString());
    expect(await publicPosts()).toContain('Harvest notes');
    expect((await workspace.market.json(`/api/public/blog-posts/sid/${shortId}`)).body.content).toBe(
      '<p>The figs are ripe. Come and taste them.</p>',
    );
    // a published post keeps its title
    expect((await send('PATCH', `/api/dashboard/blog-posts/${id}`, { name: '' })).status).toBe(400);

    expect((await send('PATCH', `/api/dashboard/blog-posts/${id}/status`)).body).toMatchObject({ statusCode: 0, publishedDate: firstDate });
    expect(await publicPosts()).not.toContain('Harvest notes');
    expect((await workspace.market.json(`/api/public/blog-posts/sid/${shortId}`)).status).toBe(404);
    expect((await send('PATCH', `/api/dashboard/blog-posts/${id}/status`)).body.publishedDate).toBe(firstDate);
  });

  it('tells the firm’s followers of a first publication, once', async () => {
    const follower = await workspace.newPerson();
    await db().insertInto('follows').values({ user_id: follower.userId, firm_id: FIRM, created_at: '2026-06-01T00:00:00.000Z' }).execute();
    const { id, shortId } = await insertPost(db(), FIRM, { name: 'Big news' });
    await send('PATCH', `/api/dashboard/blog-posts/${id}/status`);
    await send('PATCH', `/api/dashboard/blog-posts/${id}/status`);
    await send('PATCH', `/api/dashboard/blog-posts/${id}/status`);
    await expect
      .poll(async () => db().selectFrom('notifications').select(['kind', 'link']).where('user_id', '=', follower.userId).execute())
      .toEqual([{ kind: 'firm.post', link: `/blog/${shortId}` }]);
  });

  it('takes pictures through the shared pipeline; a picture taken out of the body or replaced goes', async () => {
    const { id } = await insertPost(db(), FIRM);
    const inline = await upload();
    const cover = await upload();
    const body = `<p>Look:</p><img src="/media/${inline.imagePath}/large.webp" alt="The terrace" width="${inline.imageWidth}" height="${inline.imageHeight}">`;
    const saved = await send('PATCH', `/api/dashboard/blog-posts/${id}`, { content: body, imagePath: cover.imagePath });
    expect(saved.body).toMatchObject({ imagePath: cover.imagePath, imageWidth: 24 });
    expect(saved.body.content).toContain(`<img src="/media/${inline.imagePath}/large.webp" alt="The terrace"`);
    const file = (image: string) => renditionPath(workspace.ctx.dataDir, image, 'large');
    expect(fs.existsSync(file(inline.imagePath))).toBe(true);
    await send('PATCH', `/api/dashboard/blog-posts/${id}`, { content: '<p>No picture now.</p>', imagePath: null });
    expect(fs.existsSync(file(inline.imagePath))).toBe(false);
    expect(fs.existsSync(file(cover.imagePath))).toBe(false);
    // another firm's upload cannot become this post's cover
    const theirs = await upload('otherOwner', 'f2');
    expect((await send('PATCH', `/api/dashboard/blog-posts/${id}`, { imagePath: theirs.imagePath })).body.errors).toEqual({
      imagePath: ['validation.image'],
    });
    // nor is an SVG a picture
    const svg = new FormData();
    svg.append('image', new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: 'image/svg+xml' }), 'x.svg');
    const refused = await workspace.as('owner', `/api/dashboard/blog-posts/images?firmId=${FIRM}`, { method: 'POST', body: svg });
    expect(refused.status).toBe(400);
  });

  it('lists every post of the firm for the dashboard, 4 a page by default, and deletes', async () => {
    const page = await send('GET', `/api/dashboard/blog-posts?firmId=${FIRM}`, undefined, 'staff');
    expect(page.body).toMatchObject({ page: 0, size: 4, first: true });
    expect(page.body.content.length).toBeLessThanOrEqual(4);
    expect(page.body.totalElements).toBeGreaterThan(4);
    const { id, shortId } = await insertPost(db(), FIRM, { name: 'To delete' });
    expect((await send('DELETE', `/api/dashboard/blog-posts/${id}`)).status).toBe(204);
    expect((await send('GET', `/api/dashboard/blog-posts/sid/${shortId}`)).status).toBe(404);
    expect((await send('GET', '/api/dashboard/blog-posts/categories')).body).toEqual([
      { key: 'news', names: { en: 'News', ar: 'News (ar)', fr: 'News (fr)' } },
    ]);
  });

  it('lets staff read but not publish', async () => {
    const { id } = await insertPost(db(), FIRM, { name: 'Staff cannot' });
    expect((await send('PATCH', `/api/dashboard/blog-posts/${id}/status`, undefined, 'staff')).status).toBe(403);
    expect((await send('PATCH', `/api/dashboard/blog-posts/${id}`, { name: 'x' }, 'staff')).status).toBe(403);
    expect((await send('GET', `/api/dashboard/blog-posts?firmId=${FIRM}`, undefined, 'staff')).status).toBe(200);
  });
});
