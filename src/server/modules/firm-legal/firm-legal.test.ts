import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
// first: the app's OpenAPI zod extension must be in place before any shared schema is built
import { FIRM, useWorkspace } from '../../testing/workspace-fixtures';
import { DOCUMENTS_PER_FIRM, firmDocumentSchema, firmLegalSchema } from '../../../shared/firm-legal';
import { adminFirmLegalProfileSchema } from '../admin/admin.routes';
import { insertPerson, login } from '../../testing/marketplace-fixtures';

const workspace = useWorkspace();
const base = `/api/dashboard/firm-legal`;
const PDF = '%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF\n';

function documentForm(content: string | Uint8Array, name: string, kind = 'registration') {
  const form = new FormData();
  form.set('kind', kind);
  form.set('file', new File([typeof content === 'string' ? new TextEncoder().encode(content) : new Uint8Array(content)], name));
  return form;
}

const upload = (form: FormData) => workspace.as('owner', `${base}/documents?firmId=${FIRM}`, { method: 'POST', body: form });
const stored = () => fs.readdirSync(workspace.ctx.deps.storage.folder!).filter((file) => file.includes('-document.'));

describe("a firm's legal details", () => {
  it('keeps the legal name and registration ids, trimmed, and clears one sent empty', async () => {
    const put = (body: object) => workspace.as('owner', `${base}?firmId=${FIRM}`, { method: 'PUT', body: JSON.stringify(body) });
    const saved = await put({ legalName: ' Lumière SARL ', registrationId: 'RCS Paris 123 456 789', taxId: 'FR40123456789' });
    expect(saved.status).toBe(200);
    expect(firmLegalSchema.parse(await saved.json())).toMatchObject({ legalName: 'Lumière SARL', registrationId: 'RCS Paris 123 456 789' });

    const cleared = firmLegalSchema.parse(
      await (await put({ legalName: 'Lumière SARL', registrationId: '', taxId: 'FR40123456789' })).json(),
    );
    expect(cleared.registrationId).toBe('');
    const row = await workspace.ctx.deps.db
      .selectFrom('firms')
      .select(['registration_id', 'tax_id'])
      .where('id', '=', FIRM)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ registration_id: null, tax_id: 'FR40123456789' });

    // the public page prints what is filled in, and nothing of an empty field
    const { username } = await workspace.ctx.deps.db
      .selectFrom('firms')
      .select('username')
      .where('id', '=', FIRM)
      .executeTakeFirstOrThrow();
    const page = await (await workspace.as('anonymous', `/api/public/firms/u/${username}`)).json();
    expect(page.legal).toEqual({ legalName: 'Lumière SARL', registrationId: null, taxId: 'FR40123456789' });
  });

  it('refuses an id with characters a register never prints', async () => {
    const response = await workspace.as('owner', `${base}?firmId=${FIRM}`, {
      method: 'PUT',
      body: JSON.stringify({ legalName: '', registrationId: '<script>', taxId: '' }),
    });
    expect(response.status).toBe(400);
    expect((await response.json()).errors.registrationId).toEqual(['validation.registryId']);
  });
});

describe("a firm's documents", () => {
  it('takes a PDF, lists it and gives it back as a download of the same bytes that never renders as a page', async () => {
    const response = await upload(documentForm(PDF, '../../Kbis extrait.pdf'));
    expect(response.status, await response.clone().text()).toBe(201);
    const document = firmDocumentSchema.parse(await response.json());
    expect(document).toMatchObject({ kind: 'registration', name: 'Kbis extrait.pdf', type: 'pdf', size: PDF.length });

    const legal = firmLegalSchema.parse(await (await workspace.as('owner', `${base}?firmId=${FIRM}`)).json());
    expect(legal.documents.map((entry) => entry.id)).toContain(document.id);

    const download = await workspace.as('owner', `${base}/documents/${document.id}`);
    expect(download.status).toBe(200);
    expect(await download.text()).toBe(PDF);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="Kbis extrait\.pdf"/);
    expect(download.headers.get('content-security-policy')).toContain('sandbox');
    expect(download.headers.get('cache-control')).toBe('private, no-store');
  });

  it('judges a file by its bytes: a page named .pdf is refused and nothing is kept', async () => {
    const before = stored().length;
    const response = await upload(documentForm('<html><script>alert(1)</script></html>', 'invoice.pdf'));
    expect(response.status).toBe(400);
    expect((await response.json()).errors.file).toEqual(['validation.documentType']);
    expect(stored().length).toBe(before);
  });

  it('takes a photo of the paper (PNG) and refuses a form without its kind', async () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    expect((await upload(documentForm(png, 'licence.png', 'licence'))).status).toBe(201);
    const noKind = documentForm(PDF, 'x.pdf');
    noKind.delete('kind');
    expect((await upload(noKind)).status).toBe(400);
  });

  it('removes a document and its file', async () => {
    const document = firmDocumentSchema.parse(await (await upload(documentForm(PDF, 'insurance.pdf', 'insurance'))).json());
    expect(stored()).toContain(`${document.id}-document.pdf`);
    const removed = await workspace.as('owner', `${base}/documents/${document.id}`, { method: 'DELETE' });
    expect(removed.status).toBe(204);
    expect(stored()).not.toContain(`${document.id}-document.pdf`);
    expect((await workspace.as('owner', `${base}/documents/${document.id}`)).status).toBe(404);
  });

  it(`keeps ${DOCUMENTS_PER_FIRM} at most when uploads race for the last place, and the refused files are not kept`, async () => {
    const db = workspace.ctx.deps.db;
    const { count } = await db
      .selectFrom('firm_documents')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('firm_id', '=', FIRM)
      .executeTakeFirstOrThrow();
    for (let index = Number(count); index < DOCUMENTS_PER_FIRM - 1; index++) {
      await db
        .insertInto('firm_documents')
        .values({
          id: `filler-${index}`,
          firm_id: FIRM,
          kind: 'other',
          name: 'filler.pdf',
          type: 'pdf',
          size: 1,
          storage_key: `filler-${index}-document.pdf`,
          uploaded_by: 'test',
          created_at: '2026-01-01T00:00:00.000Z',
        })
        .execute();
    }
    const before = stored().length;
    const answers = await Promise.all(Array.from({ length: 5 }, (_, index) => upload(documentForm(PDF, `race-${index}.pdf`))));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    expect(stored().length).toBe(before + 1);
    await db.deleteFrom('firm_documents').where('firm_id', '=', FIRM).execute();
  });
});

describe("an admin and a firm's documents", () => {
  it("lists them in the firm's profile and opens one only with a reason, which the audit log keeps", async () => {
    const email = 'legal-admin@example.com';
    await insertPerson(workspace.ctx.deps.db, 'legal-admin', { email });
    // the admin area on, in a sibling instance (its own media folder: the owner uploads through it too)
    const admin = await workspace.ctx.sibling({ envOverrides: { ADMIN_AREA: 'on', ADMIN_EMAILS: email } });
    const send = async (who: string, path: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      headers.set('cookie', await login(admin, who));
      return admin.request(path, { ...init, headers });
    };
    const uploaded = await send(`${workspace.userId('owner')}@example.com`, `${base}/documents?firmId=${FIRM}`, {
      method: 'POST',
      body: documentForm(PDF, 'extrait-kbis.pdf'),
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const document = firmDocumentSchema.parse(await uploaded.json());

    const profile = adminFirmLegalProfileSchema.parse(await (await send(email, `/api/admin/firms/${FIRM}`)).json());
    expect(profile.legal.documents.map((entry) => entry.id)).toContain(document.id);

    const path = `/api/admin/firms/${FIRM}/documents/${document.id}`;
    expect((await send(email, path)).status).toBe(400);
    const opened = await send(email, `${path}?reason=${encodeURIComponent('ownership dispute over the username')}`);
    expect(opened.status).toBe(200);
    expect(await opened.text()).toBe(PDF);
    const log = await workspace.ctx.deps.db
      .selectFrom('admin_audit_log')
      .select(['action', 'target_id', 'reason'])
      .where('action', '=', 'document.open')
      .execute();
    expect(log).toEqual([{ action: 'document.open', target_id: FIRM, reason: 'ownership dispute over the username' }]);
  });
});
