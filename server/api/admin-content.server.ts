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
 * behind requireAdmin.
 */
export function adminContentApi(services: Services) {
  const { db } = services.database;
  const api = new Hono();

  /* Professional adventures: the whole catalogue, active or not. */
  api.get("/adventures-pro", async (c) => c.json(await listProAdventures(db)));
  api.post("/adventures-pro", async (c) =>
    c.json(await createProAdventure(db, await readJson(c, proAdventureSchema)), 201),
  );
  api.put("/adventures-pro/:id", async (c) =>
    c.json(await updateProAdventure(db, c.req.param("id"), await readJson(c, proAdventureSchema))),
  );
  api.delete("/adventures-pro/:id", async (c) =>
    c.json({ success: true, ...(await deleteAdventure(db, c.req.param("id"))) }),
  );

  /* The same rows through the simple shape (enhanced manager). */
  api.get("/adventures/db", async (c) => c.json(await listSimpleAdventures(db)));
  api.post("/adventures/db", async (c) =>
    c.json(await createSimpleAdventure(db, await readJson(c, simpleAdventureSchema)), 201),
  );
  api.put("/adventures/db/:id", async (c) =>
    c.json(await updateSimpleAdventure(db, c.req.param("id"), await readJson(c, simpleAdventureSchema))),
  );
  api.delete("/adventures/db/:id", async (c) =>
    c.json({ success: true, ...(await deleteAdventure(db, c.req.param("id"))) }),
  );

  api.get("/gallery", async (c) => c.json(await listAdminGallery(db)));
  api.post("/gallery", async (c) =>
    c.json(await addGalleryImage(db, await readJson(c, galleryImageSchema)), 201),
  );
  api.delete("/gallery/:id", async (c) =>
    c.json({ success: true, ...(await deleteGalleryImage(db, c.req.param("id"))) }),
  );

  api.get("/testimonials", async (c) => c.json(await listAdminTestimonials(db)));
  api.post("/testimonials", async (c) =>
    c.json(await addTestimonial(db, await readJson(c, testimonialSchema)), 201),
  );
  api.post("/testimonials/:id/status", async (c) =>
    c.json(await setTestimonialStatus(db, c.req.param("id"), await readJson(c, testimonialStatusSchema))),
  );
  api.delete("/testimonials/:id", async (c) =>
    c.json({ success: true, ...(await deleteTestimonial(db, c.req.param("id"))) }),
  );

  api.get("/faqs", async (c) => c.json(await listAdminFaqs(db)));
  api.post("/faqs", async (c) => c.json(await addFaq(db, await readJson(c, faqSchema)), 201));
  api.put("/faqs/:id", async (c) =>
    c.json(await updateFaq(db, c.req.param("id"), await readJson(c, faqSchema))),
  );
  api.delete("/faqs/:id", async (c) =>
    c.json({ success: true, ...(await deleteFaq(db, c.req.param("id"))) }),
  );

  api.get("/content", async (c) => c.json(await listContent(db)));
  api.get("/content/:page", async (c) => {
    const page = c.req.param("page");
    if (!isContentPage(page)) throw notFound(`There is no content page named "${page.slice(0, 40)}"`);
    return c.json(await listContent(db, page));
  });
  api.post("/content", async (c) =>
    c.json(await createContent(db, await readJson(c, contentCreateSchema)), 201),
  );
  api.put("/content/:id", async (c) =>
    c.json(await updateContent(db, c.req.param("id"), await readJson(c, contentUpdateSchema))),
  );
  api.delete("/content/:id", async (c) =>
    c.json({ success: true, ...(await deleteContent(db, c.req.param("id"))) }),
  );

  api.route("/", adminMediaRoutes(services));
  return api;
}
