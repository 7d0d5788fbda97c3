/**
 * Content sections (website text and images per page and section), written
 * by the content sections manager and the website editor. The public pages
 * read the active ones through server/domain/content.server.ts.
 */
import { and, asc, eq } from "drizzle-orm";
import type { ContentCreateInput, ContentUpdateInput } from "../../../../app/lib/admin-forms/index.ts";
import { contentTypeError } from "../../../../app/lib/admin-forms/index.ts";
import type { DB } from "../../../db/client.server.ts";
import { contentSections } from "../../../db/schema.ts";
import { badRequest, conflict, notFound } from "../../../errors.server.ts";
import { pgErrorCode, UNIQUE_VIOLATION } from "./db-errors.server.ts";

type ContentRow = typeof contentSections.$inferSelect;

export function toAdminContent(r: ContentRow) {
  return {
    id: r.id,
    page: r.page,
    section: r.section,
    type: r.type,
    title: r.title,
    content: r.content,
    description: r.description,
    is_active: r.isActive,
    updated_at: r.updatedAt.toISOString(),
  };
}

export async function listContent(db: DB, page?: string) {
  const query = db.select().from(contentSections);
  const rows = await (page ? query.where(eq(contentSections.page, page)) : query).orderBy(
    asc(contentSections.page),
    asc(contentSections.section),
  );
  return rows.map(toAdminContent);
}

const sectionTaken = (page: string, section: string) =>
  conflict(`The ${page} page already has a section named "${section}". Edit that one instead.`);

export async function createContent(db: DB, input: ContentCreateInput) {
  const [existing] = await db
    .select({ id: contentSections.id })
    .from(contentSections)
    .where(and(eq(contentSections.page, input.page), eq(contentSections.section, input.section)))
    .limit(1);
  if (existing) throw sectionTaken(input.page, input.section);
  try {
    const [row] = await db
      .insert(contentSections)
      .values({
        page: input.page,
        section: input.section,
        type: input.type,
        title: input.title,
        content: input.content,
        description: input.description,
        isActive: input.is_active,
      })
      .returning();
    return toAdminContent(row);
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw sectionTaken(input.page, input.section);
    throw error;
  }
}

/** A partial update; new content must still fit the section (json must parse, addresses be URLs). */
export async function updateContent(db: DB, id: string, input: ContentUpdateInput) {
  const [current] = await db.select().from(contentSections).where(eq(contentSections.id, id)).limit(1);
  if (!current) throw notFound("Content section not found");
  if (input.content !== undefined) {
    const error = contentTypeError(current.type, input.content, current.section);
    if (error) throw badRequest(`content: ${error}`, { content: error });
  }
  const set: Partial<typeof contentSections.$inferInsert> = {};
  if (input.title !== undefined) set.title = input.title;
  if (input.content !== undefined) set.content = input.content;
  if (input.description !== undefined) set.description = input.description;
  if (input.is_active !== undefined) set.isActive = input.is_active;
  if (Object.keys(set).length === 0) return toAdminContent(current);
  const [row] = await db.update(contentSections).set(set).where(eq(contentSections.id, id)).returning();
  return toAdminContent(row);
}

export async function deleteContent(db: DB, id: string) {
  const [row] = await db
    .delete(contentSections)
    .where(eq(contentSections.id, id))
    .returning({ id: contentSections.id });
  if (!row) throw notFound("Content section not found");
  return row;
}
