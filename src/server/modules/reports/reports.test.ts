import { describe, expect, it } from 'vitest';
// first: the app's OpenAPI zod extension must be in place before any shared schema is built
import { usePeople } from '../../testing/people-fixtures';
import { reportListSchema } from '../../../shared/reports';

const people = usePeople(['ann', 'ben']);

describe('reports for moderation', () => {
  it('stores a report named by id or by the link to its page, for the reporter to follow', async () => {
    const byId = await people.call('ann', 'POST', '/api/user/reports', {
      targetType: 'user',
      targetId: 'ben',
      reason: 'harassment',
      details: 'Rude messages',
    });
    expect(byId.status).toBe(201);
    expect(byId.body).toMatchObject({ targetType: 'user', targetName: 'Test ben', reason: 'harassment', status: 'open' });
    const byLink = await people.call('ann', 'POST', '/api/user/reports', {
      targetType: 'firm',
      link: 'https://souk.example/CafeLumiere',
      reason: 'fake',
    });
    expect(byLink.body).toMatchObject({ targetType: 'firm', targetName: 'Café Lumière' });
    const event = await people.call('ann', 'POST', '/api/user/reports', { targetType: 'event', link: '/event/evte1xx', reason: 'scam' });
    expect(event.body.targetName).toBe('Event e1');
    const post = await people.call('ann', 'POST', '/api/user/reports', {
      targetType: 'post',
      link: 'http://localhost/blog/blogb1xx',
      reason: 'spam',
    });
    expect(post.body.targetName).toBe('Post b1');
    const mine = await people.call('ann', 'GET', '/api/user/reports');
    expect(reportListSchema.parse(mine.body)).toEqual(mine.body);
    expect(mine.body).toHaveLength(4);
    // ben sees none of them, and the row says who reported what
    expect((await people.call('ben', 'GET', '/api/user/reports')).body).toEqual([]);
    const rows = await people.ctx.deps.db.selectFrom('reports').selectAll().where('target_id', '=', 'ben').execute();
    expect(rows).toMatchObject([{ reporter_id: 'ann', reason: 'harassment', details: 'Rude messages', status: 'open' }]);
  });

  it('refuses what it cannot find, bad input and strangers', async () => {
    expect(
      (await people.call('ann', 'POST', '/api/user/reports', { targetType: 'firm', link: '/nobody-here', reason: 'spam' })).status,
    ).toBe(404);
    expect((await people.call('ann', 'POST', '/api/user/reports', { targetType: 'user', reason: 'spam' })).status).toBe(400);
    expect((await people.call('ann', 'POST', '/api/user/reports', { targetType: 'planet', targetId: 'x', reason: 'spam' })).status).toBe(
      400,
    );
    expect((await people.call('ann', 'POST', '/api/user/reports', { targetType: 'user', targetId: 'ben', reason: 'meh' })).status).toBe(
      400,
    );
    const long = 'x'.repeat(2001);
    expect(
      (await people.call('ann', 'POST', '/api/user/reports', { targetType: 'user', targetId: 'ben', reason: 'other', details: long }))
        .status,
    ).toBe(400);
    expect((await people.call(null, 'POST', '/api/user/reports', { targetType: 'user', targetId: 'ben', reason: 'spam' })).status).toBe(
      401,
    );
  });
});
