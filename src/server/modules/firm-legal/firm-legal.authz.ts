import type { AppDeps } from '../../app-deps';
import { entityScoped, firmScoped, OWNERS, type AuthzRows } from '../../testing/authorization';
import { FIRM } from '../../testing/workspace-fixtures';

/**
 * Who may read and change the business's legal side: owners only (`firm.settings`), since the documents hold what a
 * register holds about them. Each cell acts on a document of its own.
 */
let made = 0;
async function insertDocument({ db, storage }: AppDeps): Promise<string> {
  made += 1;
  const id = `authz-document-${made}`;
  await storage.put(`${id}-document.pdf`, Buffer.from('%PDF-1.4\n%%EOF\n'), 'application/pdf');
  await db
    .insertInto('firm_documents')
    .values({
      id,
      firm_id: FIRM,
      kind: 'other',
      name: 'paper.pdf',
      type: 'pdf',
      size: 9,
      storage_key: `${id}-document.pdf`,
      uploaded_by: 'authz',
      created_at: '2026-01-01T00:00:00.000Z',
    })
    .execute();
  return id;
}

const pdf = () => {
  const form = new FormData();
  form.set('kind', 'registration');
  form.set('file', new File([new TextEncoder().encode('%PDF-1.4\n%%EOF\n')], 'kbis.pdf', { type: 'application/pdf' }));
  return form;
};

export const rows: AuthzRows = {
  'GET /api/dashboard/firm-legal': { request: () => ({ path: `/api/dashboard/firm-legal?firmId=${FIRM}` }), expect: firmScoped(OWNERS) },
  'PUT /api/dashboard/firm-legal': {
    request: () => ({
      path: `/api/dashboard/firm-legal?firmId=${FIRM}`,
      body: { legalName: 'Lumière SARL', registrationId: '', taxId: '' },
    }),
    expect: firmScoped(OWNERS),
  },
  'POST /api/dashboard/firm-legal/documents': {
    request: () => ({ path: `/api/dashboard/firm-legal/documents?firmId=${FIRM}`, body: pdf() }),
    expect: firmScoped(OWNERS, 201),
  },
  'GET /api/dashboard/firm-legal/documents/{id}': {
    request: async (w) => ({ path: `/api/dashboard/firm-legal/documents/${await insertDocument(w.ctx.deps)}` }),
    expect: entityScoped(OWNERS),
  },
  'DELETE /api/dashboard/firm-legal/documents/{id}': {
    request: async (w) => ({ path: `/api/dashboard/firm-legal/documents/${await insertDocument(w.ctx.deps)}` }),
    expect: entityScoped(OWNERS, 204),
  },
};
