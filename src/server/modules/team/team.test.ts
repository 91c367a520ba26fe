import { describe, expect, it } from 'vitest';
import { lastMailTo } from '../../testing/outbox';
import { insertPerson, login } from '../../testing/marketplace-fixtures';
import { FIRM, useWorkspace } from '../../testing/workspace-fixtures';

const workspace = useWorkspace();
const team = (path = '') => `/api/dashboard/team${path}`;
const post = (body: unknown) => ({ method: 'POST', body: JSON.stringify(body) });

/** A person who can log in, for the invitee's side. */
async function member(id: string, extra: Parameters<typeof insertPerson>[2] = {}) {
  await insertPerson(workspace.ctx.deps.db, id, extra);
  return { id, email: `${id}@example.com`, cookie: await login(workspace.ctx, `${id}@example.com`) };
}
const asPerson = (cookie: string, path: string, init: RequestInit = {}) =>
  workspace.ctx.request(path, { ...init, headers: { Cookie: cookie, 'Content-Type': 'application/json' } });

describe('inviting and joining', () => {
  it('invites by email: a mail in the invitee’s language with a link whose token accepts it', async () => {
    const invited = await workspace.as(
      'manager',
      team(`/invitations?firmId=${FIRM}`),
      post({ email: 'Nadia@Example.com', userRole: 'STAFF', profession: 'Waiter' }),
    );
    expect(invited.status).toBe(201);
    expect(await invited.json()).toMatchObject({
      invitee: 'nadia@example.com',
      userRole: 'STAFF',
      profession: 'Waiter',
      invitedBy: 'Manager Tester',
    });
    const mail = lastMailTo(workspace.ctx.dataDir, 'nadia@example.com')!;
    expect(mail.subject).toContain('Café Lumière');
    const link = /https?:\/\/\S+\/business\?invitation=([\w-]+)/.exec(mail.text);
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link![1]);

    // an account with another address holds the link: it sees and accepts the invitation with the token
    const nadia = await member('nadia-work', { first_name: 'Nadia', language: 'fr' });
    const seen = await asPerson(nadia.cookie, `/api/business/invitations/by-token/${token}`);
    expect(seen.status).toBe(200);
    const invitation = await seen.json();
    expect(invitation).toMatchObject({ firmName: 'Café Lumière', userRole: 'STAFF' });
    expect((await asPerson(nadia.cookie, `/api/business/invitations/${invitation.id}/accept`, post({}))).status).toBe(404);
    const accepted = await asPerson(nadia.cookie, `/api/business/invitations/${invitation.id}/accept`, post({ token }));
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({
      firmId: FIRM,
      userRole: 'STAFF',
      profession: 'Waiter',
      permissions: expect.arrayContaining(['firm.view']),
    });
    const jobs = await (await asPerson(nadia.cookie, '/api/business/employments/with-firms')).json();
    expect(jobs.map((job: { firmName: string }) => job.firmName)).toEqual(['Café Lumière']);
    // answered: the link no longer works
    expect((await asPerson(nadia.cookie, `/api/business/invitations/by-token/${token}`)).status).toBe(404);
  });

  it('invites an existing person by flip: it waits on their business list, in-app; declining ends it', async () => {
    const omar = await member('omar-flip', { language: 'ar' });
    const invited = await workspace.as('owner', team(`/invitations?firmId=${FIRM}`), post({ flip: 'FLIP-omar-flip', userRole: 'MANAGER' }));
    expect(invited.status).toBe(201);
    // they have an account: a notification in their inbox, and by email (the kind's default) in Arabic, their language
    const inbox = await (await asPerson(omar.cookie, '/api/user/notifications')).json();
    expect(JSON.stringify(inbox)).toContain('Café Lumière');
    expect(lastMailTo(workspace.ctx.dataDir, omar.email)?.language).toBe('ar');
    const waiting = await (await asPerson(omar.cookie, '/api/business/invitations')).json();
    expect(waiting).toEqual([expect.objectContaining({ firmName: 'Café Lumière', userRole: 'MANAGER', invitedBy: 'Owner Tester' })]);
    expect((await asPerson(omar.cookie, `/api/business/invitations/${waiting[0].id}/decline`, post({}))).status).toBe(204);
    expect(await (await asPerson(omar.cookie, '/api/business/invitations')).json()).toEqual([]);
    const teamNow = await (await workspace.as('owner', team(`?firmId=${FIRM}`))).json();
    expect(teamNow.invitations.map((i: { flip: string | null }) => i.flip)).not.toContain('flip-omar-flip');
  });

  it('refuses what the rules forbid: staff inviting, managers making owners, duplicates, unknown flips', async () => {
    expect(
      (await workspace.as('staff', team(`/invitations?firmId=${FIRM}`), post({ email: 'x@example.com', userRole: 'STAFF' }))).status,
    ).toBe(403);
    expect(
      (await workspace.as('manager', team(`/invitations?firmId=${FIRM}`), post({ email: 'y@example.com', userRole: 'OWNER' }))).status,
    ).toBe(403);
    expect(
      (await workspace.as('owner', team(`/invitations?firmId=${FIRM}`), post({ email: 'y@example.com', userRole: 'OWNER' }))).status,
    ).toBe(201);
    const again = await workspace.as('owner', team(`/invitations?firmId=${FIRM}`), post({ email: 'Y@example.com', userRole: 'STAFF' }));
    expect(again.status).toBe(409);
    expect((await again.json()).code).toBe('already_invited');
    const already = await workspace.as('owner', team(`/invitations?firmId=${FIRM}`), post({ flip: 'flip-user-staff', userRole: 'STAFF' }));
    expect((await already.json()).code).toBe('already_member');
    const unknown = await workspace.as('owner', team(`/invitations?firmId=${FIRM}`), post({ flip: 'nobody-here', userRole: 'STAFF' }));
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).errors).toEqual({ flip: ['validation.flipUnknown'] });
    // a manager cannot withdraw an owner's invitation; the owner can
    const open = (await (await workspace.as('owner', team(`?firmId=${FIRM}`))).json()).invitations.find(
      (i: { invitee: string }) => i.invitee === 'y@example.com',
    );
    expect((await workspace.as('manager', team(`/invitations/${open.id}`), { method: 'DELETE' })).status).toBe(403);
    expect((await workspace.as('owner', team(`/invitations/${open.id}`), { method: 'DELETE' })).status).toBe(204);
  });
});

describe('roles and removal', () => {
  it('ends access at once: a removed member’s very next request is refused, with the same live token', async () => {
    const waiter = await member('waiter-removed');
    const { id } = await workspace.newInvitation(FIRM, { inviteeUserId: waiter.id });
    expect((await asPerson(waiter.cookie, `/api/business/invitations/${id}/accept`, post({}))).status).toBe(200);
    expect((await asPerson(waiter.cookie, `/api/dashboard/firms/dash-firm?firmId=${FIRM}`)).status).toBe(200);
    const employmentId = (await (await workspace.as('owner', team(`?firmId=${FIRM}`))).json()).members.find(
      (m: { userId: string }) => m.userId === waiter.id,
    ).id;
    expect((await workspace.as('manager', team(`/employments/${employmentId}`), { method: 'DELETE' })).status).toBe(204);
    const refused = await asPerson(waiter.cookie, `/api/dashboard/firms/dash-firm?firmId=${FIRM}`);
    expect(refused.status).toBe(403);
    expect((await refused.json()).detail).toBe("You don't have permission.");
    expect(await (await asPerson(waiter.cookie, '/api/business/employments/with-firms')).json()).toEqual([]);
    // and invited again later, the same row comes back to life
    const again = await workspace.newInvitation(FIRM, { inviteeUserId: waiter.id, role: 'MANAGER' });
    expect((await asPerson(waiter.cookie, `/api/business/invitations/${again.id}/accept`, post({}))).status).toBe(200);
    expect((await (await asPerson(waiter.cookie, `/api/dashboard/firms/dash-firm?firmId=${FIRM}`)).json()).employment.userRole).toBe(
      'MANAGER',
    );
  });

  it('lets only owners touch owners, and always keeps one owner', async () => {
    const ownerEmployment = (await (await workspace.as('owner', team(`?firmId=${FIRM}`))).json()).members.find(
      (m: { userRole: string }) => m.userRole === 'OWNER',
    ).id;
    expect(
      (
        await workspace.as('manager', team(`/employments/${ownerEmployment}`), {
          method: 'PATCH',
          body: JSON.stringify({ userRole: 'STAFF' }),
        })
      ).status,
    ).toBe(403);
    expect((await workspace.as('manager', team(`/employments/${ownerEmployment}`), { method: 'DELETE' })).status).toBe(403);
    const demote = await workspace.as('owner', team(`/employments/${ownerEmployment}`), {
      method: 'PATCH',
      body: JSON.stringify({ userRole: 'MANAGER' }),
    });
    expect(demote.status).toBe(409);
    expect((await demote.json()).code).toBe('last_owner');
    expect((await workspace.as('owner', team(`/leave?firmId=${FIRM}`), { method: 'POST' })).status).toBe(409);

    // with a second owner, the first may step down
    const partner = await workspace.newPerson(FIRM, 'MANAGER');
    const promoted = await workspace.as('owner', team(`/employments/${partner.employmentId}`), {
      method: 'PATCH',
      body: JSON.stringify({ userRole: 'OWNER', profession: 'Co-founder' }),
    });
    expect(await promoted.json()).toMatchObject({ userRole: 'OWNER', profession: 'Co-founder' });
    const stepped = await workspace.as('owner', team(`/employments/${ownerEmployment}`), {
      method: 'PATCH',
      body: JSON.stringify({ userRole: 'MANAGER' }),
    });
    expect(stepped.status).toBe(200);
    // put the fixture back
    await workspace.ctx.deps.db.updateTable('employments').set({ user_role: 'OWNER' }).where('id', '=', ownerEmployment).execute();
    await workspace.ctx.deps.db.updateTable('employments').set({ active: 0 }).where('id', '=', partner.employmentId!).execute();
  });
});

describe('team seats of the plan', () => {
  const SMALL = 'f3';

  it('refuses the invitation past the free plan’s seats with the plan named, frees a seat on withdrawal, never lets two concurrent invitations both pass', async () => {
    const boss = await member('boss-f3');
    await workspace.ctx.deps.db
      .insertInto('employments')
      .values({
        id: 'emp-boss-f3',
        firm_id: SMALL,
        user_id: boss.id,
        user_role: 'OWNER',
        profession: null,
        active: 1,
        created_at: '2026-01-02T00:00:00.000Z',
      })
      .execute();
    const invite = (email: string) => asPerson(boss.cookie, team(`/invitations?firmId=${SMALL}`), post({ email, userRole: 'STAFF' }));
    // free: 2 seats, the owner holds one
    const first = await invite('first@example.com');
    expect(first.status).toBe(201);
    const refused = await invite('second@example.com');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'plan_limit', plan: 'free', featureKey: 'TEAM_MEMBER', requiredPlan: 'growth' });
    const dash = await (await asPerson(boss.cookie, `/api/dashboard/firms/dash-firm?firmId=${SMALL}`)).json();
    expect(dash.subscriptionInfoDto.features.find((f: { featureKey: string }) => f.featureKey === 'TEAM_MEMBER')).toEqual({
      featureKey: 'TEAM_MEMBER',
      enabled: true,
      limit: 2,
      currentUsage: 2,
    });

    // withdrawing frees the seat; two invitations at once: one passes, one is refused
    expect((await asPerson(boss.cookie, team(`/invitations/${(await first.json()).id}`), { method: 'DELETE' })).status).toBe(204);
    const race = await Promise.all([invite('third@example.com'), invite('fourth@example.com')]);
    expect(race.map((response) => response.status).sort()).toEqual([201, 403]);
    const seats = await (await asPerson(boss.cookie, team(`?firmId=${SMALL}`))).json();
    expect(seats.members.length + seats.invitations.length).toBe(2);
  });
});
