import { z } from 'zod';
import { plainName } from './plain-name';

/**
 * What a business account holds beyond its public profile (the privacy policy names them): its legal name and
 * registration ids, shown on its page and receipts, and its official documents, read only by its owners and the
 * platform's admins.
 */

/** A company register number or a tax id: letters, digits and the separators registers print (FR 123 456 789, DE-123/45). */
const registryId = z
  .string()
  .trim()
  .max(40)
  .regex(/^[\p{L}\p{N} ./-]*$/u, { message: 'validation.registryId' });

/** Empty strings clear a field. */
export const firmLegalInputSchema = z.object({
  legalName: z.union([z.literal(''), plainName(1, 120)]),
  registrationId: registryId,
  taxId: registryId,
});
export type FirmLegalInput = z.infer<typeof firmLegalInputSchema>;

export const DOCUMENT_KINDS = ['registration', 'tax', 'licence', 'insurance', 'other'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** A document's file: a PDF or a photo of the paper, judged by its bytes. */
export const DOCUMENT_TYPES = { pdf: 'application/pdf', jpg: 'image/jpeg', png: 'image/png' } as const;
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** per firm: enough for every paper a venue is asked for, not a file store */
export const DOCUMENTS_PER_FIRM = 20;

export const firmDocumentSchema = z.object({
  id: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  /** the file's name as it was uploaded (shown, never used as a path) */
  name: z.string(),
  size: z.number().int(),
  type: z.enum(['pdf', 'jpg', 'png']),
  uploadedAt: z.string(),
});
export type FirmDocument = z.infer<typeof firmDocumentSchema>;

export const firmLegalSchema = firmLegalInputSchema.extend({ documents: z.array(firmDocumentSchema) });
export type FirmLegal = z.infer<typeof firmLegalSchema>;

/** The multipart upload's other field; the file itself is read from `file`. */
export const documentKindFieldSchema = z.object({ kind: z.enum(DOCUMENT_KINDS) });
