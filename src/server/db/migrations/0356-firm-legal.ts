import type { Kysely } from 'kysely';

/**
 * A business account's legal side (src/shared/firm-legal.ts): its legal name and registration ids
 * on the firm (null until filled in), and its official documents, one row per uploaded file whose
 * bytes live in the media store under `storage_key`, never at a public address.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('firms').addColumn('legal_name', 'text').execute();
  await db.schema.alterTable('firms').addColumn('registration_id', 'text').execute();
  await db.schema.alterTable('firms').addColumn('tax_id', 'text').execute();
  await db.schema
    .createTable('firm_documents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('firm_id', 'text', (c) => c.notNull().references('firms.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('uploaded_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('firm_documents_firm').on('firm_documents').columns(['firm_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('firm_documents').execute();
  for (const column of ['legal_name', 'registration_id', 'tax_id']) await db.schema.alterTable('firms').dropColumn(column).execute();
}
