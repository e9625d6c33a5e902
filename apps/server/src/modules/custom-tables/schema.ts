import type { CustomTableColumn } from '@maya/contracts';
import { bigint, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '../../platform/db/tenant';
import { organizationIdColumn } from '../organizations/schema';

/**
 * A custom table's definition (spec 001 §3 Custom table): one per organization and manual
 * category, its columns mapping the CSV header to final names and types. The rows are in the
 * organization's warehouse (`raw.custom__<table_id>`), written only by a whole upload.
 */
export const customTables = pgTable(
  'custom_tables',
  {
    organizationId: organizationIdColumn(),
    tableId: text('table_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    columns: jsonb('columns').$type<CustomTableColumn[]>().notNull(),
    rowCount: bigint('row_count', { mode: 'number' }).notNull().default(0),
    fileName: text('file_name'),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.tableId] }), tenantPolicy('custom_tables')],
).enableRLS();

/**
 * Where an upload stands (the client's id), for the progress its page polls: any process may
 * serve the poll, so it is kept here, written at phase changes and every 50,000 rows.
 */
export const customTableUploads = pgTable(
  'custom_table_uploads',
  {
    organizationId: organizationIdColumn(),
    id: uuid('id').notNull(),
    tableId: text('table_id').notNull(),
    phase: text('phase').$type<'receiving' | 'loading' | 'done' | 'failed'>().notNull(),
    bytesReceived: bigint('bytes_received', { mode: 'number' }).notNull().default(0),
    rowsChecked: bigint('rows_checked', { mode: 'number' }).notNull().default(0),
    rowsLoaded: bigint('rows_loaded', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.id] }), tenantPolicy('custom_table_uploads')],
).enableRLS();
