import type { Kysely } from 'kysely';
import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TYPES,
  DOCUMENTS_PER_FIRM,
  type DocumentKind,
  type FirmDocument,
  type FirmLegal,
  type FirmLegalInput,
} from '../../../shared/firm-legal';
import type { FirmLegalLine } from '../../../shared/firms';
import type { Database, FirmDocumentsTable } from '../../db/schema';
import { byteSize } from '../../lib/body-limit';
import { HttpError, notFound } from '../../lib/errors';
import { privateMediaId } from '../../lib/media';
import { lockFirmRow } from '../../lib/plans';
import type { MediaStorage } from '../../lib/storage';

type DocumentType = keyof typeof DOCUMENT_TYPES;

/** What the bytes are (never what the browser or the file's name claims): a PDF, a JPEG or a PNG. */
export function sniffDocumentType(bytes: Uint8Array): DocumentType | undefined {
  const head = Buffer.from(bytes.subarray(0, 8)).toString('latin1');
  if (head.startsWith('%PDF-')) return 'pdf';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (head === '\x89PNG\r\n\x1a\n') return 'png';
  return undefined;
}

/** A file name fit to show and to offer back on download: no folders, no control or direction characters, 120 at most. */
function displayName(uploaded: string, type: DocumentType): string {
  const base = uploaded.split(/[\\/]/).pop() ?? '';
  const clean = base
    .replace(/[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu, '')
    .trim()
    .slice(0, 120);
  return clean || `document.${type}`;
}

const storageKey = (id: string, type: DocumentType) => `${id}-document.${type}`;

const toDocument = (row: FirmDocumentsTable): FirmDocument => ({
  id: row.id,
  kind: row.kind as DocumentKind,
  name: row.name,
  size: row.size,
  type: row.type as DocumentType,
  uploadedAt: row.created_at,
});

/** Empty means none: stored as null, so the page and receipts leave the line out. */
const orNull = (value: string) => (value === '' ? null : value);

export function createFirmLegalService(deps: { db: Kysely<Database>; storage: MediaStorage; clock: () => Date }) {
  const { db, storage, clock } = deps;

  async function documentsOf(firmId: string): Promise<FirmDocument[]> {
    const rows = await db
      .selectFrom('firm_documents')
      .selectAll()
      .where('firm_id', '=', firmId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(toDocument);
  }

  async function read(firmId: string): Promise<FirmLegal> {
    const firm = await db
      .selectFrom('firms')
      .select(['legal_name', 'registration_id', 'tax_id'])
      .where('id', '=', firmId)
      .executeTakeFirst();
    if (!firm) throw notFound('No such firm.');
    return {
      legalName: firm.legal_name ?? '',
      registrationId: firm.registration_id ?? '',
      taxId: firm.tax_id ?? '',
      documents: await documentsOf(firmId),
    };
  }

  async function update(firmId: string, input: FirmLegalInput): Promise<FirmLegal> {
    await db
      .updateTable('firms')
      .set({ legal_name: orNull(input.legalName), registration_id: orNull(input.registrationId), tax_id: orNull(input.taxId) })
      .where('id', '=', firmId)
      .execute();
    return read(firmId);
  }

  /**
   * Stores the file first, then its row, counting the firm's documents under the firm's row lock so that two uploads
   * at the limit cannot both pass; a refused or failed row takes its file back out of the store.
   */
  async function addDocument(firmId: string, uploadedBy: string, kind: DocumentKind, file: File): Promise<FirmDocument> {
    if (file.size > DOCUMENT_MAX_BYTES) {
      throw new HttpError(413, `The document is too large (${byteSize(DOCUMENT_MAX_BYTES)} at most).`, 'payload_too_large');
    }
    const bytes = Buffer.from(await file.arrayBuffer());
    const type = sniffDocumentType(bytes);
    if (!type) {
      throw new HttpError(400, 'A document must be a PDF, a JPEG or a PNG file.', 'validation_failed', {
        file: ['validation.documentType'],
      });
    }
    const id = privateMediaId();
    const key = storageKey(id, type);
    await storage.put(key, bytes, DOCUMENT_TYPES[type]);
    const row: FirmDocumentsTable = {
      id,
      firm_id: firmId,
      kind,
      name: displayName(file.name, type),
      type,
      size: bytes.length,
      storage_key: key,
      uploaded_by: uploadedBy,
      created_at: clock().toISOString(),
    };
    try {
      await db.transaction().execute(async (trx) => {
        await lockFirmRow(trx, firmId);
        const { count } = await trx
          .selectFrom('firm_documents')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('firm_id', '=', firmId)
          .executeTakeFirstOrThrow();
        if (Number(count) >= DOCUMENTS_PER_FIRM) {
          throw new HttpError(409, `A firm keeps ${DOCUMENTS_PER_FIRM} documents at most: remove one first.`, 'documents_full');
        }
        await trx.insertInto('firm_documents').values(row).execute();
      });
    } catch (error) {
      await storage.delete([key]);
      throw error;
    }
    return toDocument(row);
  }

  async function rowOf(firmId: string, documentId: string): Promise<FirmDocumentsTable> {
    const row = await db
      .selectFrom('firm_documents')
      .selectAll()
      .where('id', '=', documentId)
      .where('firm_id', '=', firmId)
      .executeTakeFirst();
    if (!row) throw notFound('No such document.');
    return row;
  }

  /** The document's bytes, with what a download needs to name them. */
  async function file(firmId: string, documentId: string): Promise<{ document: FirmDocument; bytes: Buffer }> {
    const row = await rowOf(firmId, documentId);
    const bytes = await storage.get(row.storage_key);
    if (!bytes) throw notFound('No such document.');
    return { document: toDocument(row), bytes };
  }

  async function removeDocument(firmId: string, documentId: string): Promise<void> {
    const row = await rowOf(firmId, documentId);
    await db.deleteFrom('firm_documents').where('id', '=', row.id).execute();
    await storage.delete([row.storage_key]);
  }

  return { read, update, addDocument, file, removeDocument };
}

/** The firm's legal line for its page and receipts: null when nothing is filled in. */
export function legalLineOf(firm: {
  legal_name: string | null;
  registration_id: string | null;
  tax_id: string | null;
}): FirmLegalLine | null {
  if (!firm.legal_name && !firm.registration_id && !firm.tax_id) return null;
  return { legalName: firm.legal_name, registrationId: firm.registration_id, taxId: firm.tax_id };
}

/** Headers that make a stored document a download, never a page of ours: its own type, no sniffing, no script. */
export function downloadHeaders(document: FirmDocument): Record<string, string> {
  const ascii = document.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return {
    'Content-Type': DOCUMENT_TYPES[document.type],
    'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(document.name)}`,
    'Content-Security-Policy': "sandbox; default-src 'none'",
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, no-store',
  };
}
