import { describe, expect, it } from 'vitest';
// first: the app's OpenAPI zod extension must be in place before any shared schema is built
import { FIRM, OTHER_FIRM, useWorkspace } from '../../testing/workspace-fixtures';
import { firmTableSchema, firmTablesPageSchema, tableVisitSchema, type FirmTable } from '../../../shared/firm-tables';

const workspace = useWorkspace();

async function addTable(label: string, firmId = FIRM, actor: 'owner' | 'otherOwner' = 'owner'): Promise<FirmTable> {
  const response = await workspace.as(actor, `/api/dashboard/tables?firmId=${firmId}`, { method: 'POST', body: JSON.stringify({ label }) });
  expect(response.status, await response.clone().text()).toBe(201);
  return firmTableSchema.parse(await response.json());
}

const visit = (token: string) => workspace.as('anonymous', `/api/public/tables/${token}`);

describe("a firm's tables", () => {
  it('gets a random token per table, which the team lists and a scan opens with the firm', async () => {
    const seven = await addTable('Table 7');
    const bar = await addTable('Bar 2');
    expect(seven.token).toMatch(/^[\w-]{22}$/);
    expect(seven.token).not.toBe(bar.token);
    expect(seven.token).not.toContain(seven.id);

    const listed = firmTablesPageSchema.parse(await (await workspace.as('staff', `/api/dashboard/tables?firmId=${FIRM}`)).json()).tables;
    expect(listed.map((table) => table.label)).toEqual(expect.arrayContaining(['Table 7', 'Bar 2']));

    const response = await visit(seven.token);
    expect(response.status).toBe(200);
    const opened = tableVisitSchema.parse(await response.json());
    expect(opened).toMatchObject({ label: 'Table 7', firm: { id: FIRM } });
  });

  it('refuses a second table of the same name in one firm, not in another', async () => {
    await addTable('Terrace 1');
    const again = await workspace.as('owner', `/api/dashboard/tables?firmId=${FIRM}`, {
      method: 'POST',
      body: JSON.stringify({ label: ' Terrace 1 ' }),
    });
    expect(again.status).toBe(409);
    expect((await again.json()).code).toBe('table_label_taken');
    await addTable('Terrace 1', OTHER_FIRM, 'otherOwner');
  });

  it('refuses an empty name', async () => {
    const response = await workspace.as('owner', `/api/dashboard/tables?firmId=${FIRM}`, {
      method: 'POST',
      body: JSON.stringify({ label: '   ' }),
    });
    expect(response.status).toBe(400);
  });

  it('stops opening the page once the table is removed, and names nothing for an unknown or malformed token', async () => {
    const table = await addTable('Table 9');
    expect((await workspace.as('manager', `/api/dashboard/tables/${table.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await visit(table.token)).status).toBe(404);
    expect((await visit('A'.repeat(22))).status).toBe(404);
    expect((await visit('1')).status).toBe(400);
  });

  it('does not open a table of a firm that is no longer active', async () => {
    const table = await addTable('Table 3', OTHER_FIRM, 'otherOwner');
    await workspace.ctx.deps.db.updateTable('firms').set({ status_code: 0 }).where('id', '=', OTHER_FIRM).execute();
    try {
      expect((await visit(table.token)).status).toBe(404);
    } finally {
      await workspace.ctx.deps.db.updateTable('firms').set({ status_code: 1 }).where('id', '=', OTHER_FIRM).execute();
    }
  });
});
