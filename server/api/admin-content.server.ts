import { Hono } from "hono";
import {
  contentCreateSchema,
  contentUpdateSchema,
  faqSchema,
  galleryImageSchema,
  isContentPage,
  proAdventureSchema,
  simpleAdventureSchema,
  testimonialSchema,
  testimonialStatusSchema,
} from "../../app/lib/admin-forms/index.ts";
import { adventures, contentSections, faqs, galleryImages, testimonials } from "../db/schema.ts";
import { auditedWrite } from "../domain/audit/audited.server.ts";
import {
  createProAdventure,
  createSimpleAdventure,
  deleteAdventure,
  listProAdventures,
  listSimpleAdventures,
  updateProAdventure,
  updateSimpleAdventure,
} from "../domain/content/admin/adventures.server.ts";
import {
  createContent,
  deleteContent,
  listContent,
  updateContent,
} from "../domain/content/admin/content.server.ts";
import {
  addFaq,
  addGalleryImage,
  addTestimonial,
  deleteFaq,
  deleteGalleryImage,
  deleteTestimonial,
  listAdminFaqs,
  listAdminGallery,
  listAdminTestimonials,
  setTestimonialStatus,
  updateFaq,
} from "../domain/content/admin/library.server.ts";
import { notFound } from "../errors.server.ts";
import type { Services } from "../services.server.ts";
import { adminMediaRoutes } from "./admin-media.server.ts";
import { readJson } from "./validate.server.ts";

/**
 * Content management under the admin token: adventures
 * (pro and simple), gallery, testimonials, FAQs, content sections, media.
 * Paths are relative to /api/admin: admin.server.ts mounts this router there,
 * behind requireAdmin. Every write is recorded in the audit log with the
 * row before and after (auditedWrite), in the write's transaction.
 */
export function adminContentApi(services: Services) {
  const { db } = services.database;
  const api = new Hono();

  const idOf = (r: { id: string }) => r.id;
  const created = (entity: string, table: Parameters<typeof auditedWrite>[1]["table"]) =>
    ({ action: "create", entity, table, idOf }) as const;
  const changed = (entity: string, table: Parameters<typeof auditedWrite>[1]["table"], id: string) =>
    ({ action: "update", entity, table, id }) as const;
  const deleted = (entity: string, table: Parameters<typeof auditedWrite>[1]["table"], id: string) =>
    ({ action: "delete", entity, table, id }) as const;

  /* Professional adventures: the whole catalogue, active or not. */
  api.get("/adventures-pro", async (c) => c.json(await listProAdventures(db)));
  api.post("/adventures-pro", async (c) => {
    const input = await readJson(c, proAdventureSchema);
    return c.json(
      await auditedWrite(db, created("adventure", adventures), (tx) => createProAdventure(tx, input)),
      201,
    );
  });
  api.put("/adventures-pro/:id", async (c) => {
    const id = c.req.param("id");
    const input = await readJson(c, proAdventureSchema);
    return c.json(
      await auditedWrite(db, changed("adventure", adventures, id), (tx) => updateProAdventure(tx, id, input)),
    );
  });
  const removeAdventure = async (id: string) => ({
    success: true,
    ...(await auditedWrite(db, deleted("adventure", adventures, id), (tx) => deleteAdventure(tx, id))),
  });
  api.delete("/adventures-pro/:id", async (c) => c.json(await removeAdventure(c.req.param("id"))));

  /* The same rows through the simple shape (enhanced manager). */
  api.get("/adventures/db", async (c) => c.json(await listSimpleAdventures(db)));
  api.post("/adventures/db", async (c) => {
    const input = await readJson(c, simpleAdventureSchema);
    return c.json(
      await auditedWrite(db, created("adventure", adventures), (tx) => createSimpleAdventure(tx, input)),
      201,
    );
  });
  api.put("/adventures/db/:id", async (c) => {
    const id = c.req.param("id");
    const input = await readJson(c, simpleAdventureSchema);
    return c.json(
      await auditedWrite(db, changed("adventure", adventures, id), (tx) =>
        updateSimpleAdventure(tx, id, input),
      ),
    );
  });
  api.delete("/adventures/db/:id", async (c) => c.json(await removeAdventure(c.req.param("id"))));

  api.get("/gallery", async (c) => c.json(await listAdminGallery(db)));
  api.post("/gallery", async (c) => {
    const input = await readJson(c, galleryImageSchema);
    return c.json(
      await auditedWrite(db, created("gallery_image", galleryImages), (tx) => addGalleryImage(tx, input)),
      201,
    );
  });
  api.delete("/gallery/:id", async (c) => {
    const id = c.req.param("id");
    return c.json({
      success: true,
      ...(await auditedWrite(db, deleted("gallery_image", galleryImages, id), (tx) =>
        deleteGalleryImage(tx, id),
      )),
    });
  });

  api.get("/testimonials", async (c) => c.json(await listAdminTestimonials(db)));
  api.post("/testimonials", async (c) => {
    const input = await readJson(c, testimonialSchema);
    return c.json(
      await auditedWrite(db, created("testimonial", testimonials), (tx) => addTestimonial(tx, input)),
      201,
    );
  });
  api.post("/testimonials/:id/status", async (c) => {
    const id = c.req.param("id");
    const input = await readJson(c, testimonialStatusSchema);
    return c.json(
      await auditedWrite(db, changed("testimonial", testimonials, id), (tx) =>
        setTestimonialStatus(tx, id, input),
      ),
    );
  });
  api.delete("/testimonials/:id", async (c) => {
    const id = c.req.param("id");
    return c.json({
      success: true,
      ...(await auditedWrite(db, deleted("testimonial", testimonials, id), (tx) =>
        deleteTestimonial(tx, id),
      )),
    });
  });

  api.get("/faqs", async (c) => c.json(await listAdminFaqs(db)));
  api.post("/faqs", async (c) => {
    const input = await readJson(c, faqSchema);
    return c.json(await auditedWrite(db, created("faq", faqs), (tx) => addFaq(tx, input)), 201);
  });
  api.put("/faqs/:id", async (c) => {
    const id = c.req.param("id");
    const input = await readJson(c, faqSchema);
    return c.json(await auditedWrite(db, changed("faq", faqs, id), (tx) => updateFaq(tx, id, input)));
  });
  api.delete("/faqs/:id", async (c) => {
    const id = c.req.param("id");
    return c.json({
      success: true,
      ...(await auditedWrite(db, deleted("faq", faqs, id), (tx) => deleteFaq(tx, id))),
    });
  });

  api.get("/content", async (c) => c.json(await listContent(db)));
  api.get("/content/:page", async (c) => {
    const page = c.req.param("page");
    if (!isContentPage(page)) throw notFound(`There is no content page named "${page.slice(0, 40)}"`);
    return c.json(await listContent(db, page));
  });
  api.post("/content", async (c) => {
    const input = await readJson(c, contentCreateSchema);
    return c.json(
      await auditedWrite(db, created("content", contentSections), (tx) => createContent(tx, input)),
      201,
    );
  });
  api.put("/content/:id", async (c) => {
    const id = c.req.param("id");
    const input = await readJson(c, contentUpdateSchema);
    return c.json(
      await auditedWrite(db, changed("content", contentSections, id), (tx) => updateContent(tx, id, input)),
    );
  });
  api.delete("/content/:id", async (c) => {
    const id = c.req.param("id");
    return c.json({
      success: true,
      ...(await auditedWrite(db, deleted("content", contentSections, id), (tx) => deleteContent(tx, id))),
    });
  });

  api.route("/", adminMediaRoutes(services));
  return api;
}
