/** A project's contacts: the people on site a surveyor calls (facility manager, IT, security). */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.js';
import { likePattern, limitOffset, type Page, type PageArgs } from '../http/list-query.js';
import type { Contact } from './contact-schema.js';

export type { Contact };

export type ContactInput = Pick<Contact, 'name'> & Partial<Pick<Contact, 'role' | 'company' | 'email' | 'phone' | 'notes'>>;

interface Row {
  id: string;
  project_id: string;
  name: string;
  role: string;
  company: string;
  email: string;
  phone: string;
  notes: string;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'id, project_id, name, role, company, email, phone, notes, created_at, updated_at';

function toContact(r: Row): Contact {
  return {
    id: r.id,
    projectId: r.project_id,
    name: r.name,
    role: r.role,
    company: r.company,
    email: r.email,
    phone: r.phone,
    notes: r.notes,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

export async function listContacts(db: Queryable, projectId: string, q: string | undefined, page: PageArgs): Promise<Page<Contact>> {
  const params: unknown[] = [projectId];
  let where = 'project_id = $1';
  if (q) {
    params.push(likePattern(q));
    where += ` AND (name ILIKE $${params.length} OR company ILIKE $${params.length} OR email ILIKE $${params.length} OR role ILIKE $${params.length})`;
  }
  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM contacts WHERE ${where}`, params);
  const rows = await db.query<Row>(`SELECT ${COLUMNS} FROM contacts WHERE ${where} ORDER BY lower(name), id ${limitOffset(page, params)}`, params);
  return { items: rows.rows.map(toContact), total: total.rows[0]!.n, ...page };
}

export async function createContact(db: Queryable, projectId: string, input: ContactInput, now: Date): Promise<Contact> {
  const r = await db.query<Row>(
    `INSERT INTO contacts (id, project_id, name, role, company, email, phone, notes, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) RETURNING ${COLUMNS}`,
    [randomUUID(), projectId, input.name, input.role ?? '', input.company ?? '', input.email ?? '', input.phone ?? '', input.notes ?? '', now],
  );
  return toContact(r.rows[0]!);
}

export async function updateContact(db: Queryable, id: string, input: Partial<ContactInput>, now: Date): Promise<Contact | undefined> {
  const r = await db.query<Row>(
    `UPDATE contacts SET name = coalesce($2, name), role = coalesce($3, role), company = coalesce($4, company),
       email = coalesce($5, email), phone = coalesce($6, phone), notes = coalesce($7, notes), updated_at = $8
     WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, input.name ?? null, input.role ?? null, input.company ?? null, input.email ?? null, input.phone ?? null, input.notes ?? null, now],
  );
  return r.rows[0] && toContact(r.rows[0]);
}

export async function deleteContact(db: Queryable, id: string): Promise<boolean> {
  return (await db.query('DELETE FROM contacts WHERE id = $1', [id])).rowCount > 0;
}
