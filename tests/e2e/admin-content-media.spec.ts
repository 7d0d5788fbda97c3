import { adminApi, confirmDialog, loginPage, openAdmin } from "../fixtures/admin-session";
import * as fx from "../fixtures/files";
import { type APIRequestContext, expect, type Page, test } from "../fixtures/test";
import { lastCopied, recordCopies } from "../helpers/clipboard";

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

interface Item {
  id: string;
  url: string;
  filename: string;
  original_name: string;
  file_type: string;
}

/** Records the upload's progress events and the highest value the progress bar showed. */
async function watchUploads(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __progress: { loaded: number; total: number }[]; __barMax: number };
    w.__progress = [];
    w.__barMax = -1;
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (body) {
      this.upload.addEventListener("progress", (e) =>
        w.__progress.push({ loaded: e.loaded, total: e.total }),
      );
      return send.call(this, body);
    };
    new MutationObserver(() => {
      const bar = document.querySelector('[role="progressbar"]');
      const now = Number(bar?.getAttribute("aria-valuenow") ?? -1);
      if (now > w.__barMax) w.__barMax = now;
    }).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ["aria-valuenow"],
    });
  });
}

// Files carry a name of this run, and each test deletes what it added in its finally
// block, so a second run never meets the first one's leftovers.
const run = Date.now().toString(36);

/** Deletes, through the admin API, the library entries whose original name is in `names`. */
async function removeMedia(request: APIRequestContext, token: string, names: string[]) {
  const { body } = await adminApi<Item[]>(request, token, "GET", "/api/admin/media");
  for (const m of body.filter((i) => names.includes(i.original_name) || names.includes(i.filename)))
    await adminApi(request, token, "DELETE", `/api/admin/media/${m.id}`);
}

const cards = (page: Page) => page.getByTestId("media-card");
const input = (page: Page) => page.getByTestId("upload-input");

async function openUpload(page: Page) {
  await page.getByRole("button", { name: "Add Media" }).click();
  await expect(page.getByText("Drag and drop files here")).toBeVisible();
}

test.describe("media library", () => {
  test("a filter with no files shows the empty state; the others still list theirs", async ({
    page,
    request,
  }) => {
    const token = await loginPage(page, request);
    // One image of this test's own, so the Images filter is never empty.
    const name = `e2e-empty-state-${Date.now()}.webp`;
    const created = await adminApi<Item>(request, token, "POST", "/api/admin/media", {
      url: "/images/gallery/g02.webp",
      filename: name,
      original_name: name,
      file_type: "image",
    });
    expect(created.status).toBe(201);
    try {
      // The library as the server has it, without its videos: whatever other tests uploaded,
      // the Videos filter is empty here and the others are not.
      const { body: existing } = await adminApi<Item[]>(request, token, "GET", "/api/admin/media");
      const withoutVideos = existing.filter((m) => m.file_type !== "video");
      expect(withoutVideos.some((m) => m.id === created.body.id)).toBe(true);
      await page.route("**/api/admin/media", (route) =>
        route.request().method() === "GET" ? route.fulfill({ json: withoutVideos }) : route.fallback(),
      );
      await openAdmin(page, "/admin/media", "Media Library");
      const empty = page.getByText("No media files found. Add your first media file above.", { exact: true });
      await expect(cards(page)).toHaveCount(withoutVideos.length);
      await expect(empty).toHaveCount(0);
      await page.getByRole("button", { name: /^Videos/ }).click();
      await expect(page.getByTestId("media-count")).toHaveText("0 files");
      await expect(cards(page)).toHaveCount(0);
      await expect(empty).toBeVisible();
      await page.getByRole("button", { name: /^Images/ }).click();
      await expect(empty).toHaveCount(0);
      await expect(cards(page).filter({ hasText: name })).toHaveCount(1);
      await page.getByRole("button", { name: /^All Files/ }).click();
      await expect(cards(page)).toHaveCount(withoutVideos.length);
    } finally {
      await adminApi(request, token, "DELETE", `/api/admin/media/${created.body.id}`);
    }
  });

  test("uploads several files at once with real progress; they are checked, listed and deletable", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const REEF = `reef-wide-${run}.jpg`;
    const LOGO = `logo-${run}.png`;
    const WAIVER = `waiver-${run}.pdf`;
    const CLIP = `clip-${run}.mp4`;
    const GALLERY_TITLE = `E2E Uploaded Reef ${run}`;
    const token = await loginPage(page, request);
    try {
      await watchUploads(page);
      const { body: existing } = await adminApi<Item[]>(request, token, "GET", "/api/admin/media");
      await openAdmin(page, "/admin/media", "Media Library");
      for (const f of ["All Files", "Images", "Videos", "Documents"]) {
        await expect(page.getByRole("button", { name: new RegExp(`^${f}`) })).toBeVisible();
      }
      await openUpload(page);
      await page.getByLabel("Folder").first().selectOption("gallery");
      await page.getByLabel("Tags").first().fill("reef, manly, sea dragon, e2e");
      const big = await fx.image("jpeg", 2400, 1600);
      await input(page).setInputFiles([
        { name: REEF, mimeType: "image/jpeg", buffer: Buffer.concat([big]) },
        { name: LOGO, mimeType: "image/png", buffer: await fx.image("png", 320, 200) },
        { name: WAIVER, mimeType: "application/pdf", buffer: fx.pdf() },
        { name: CLIP, mimeType: "video/mp4", buffer: fx.mp4() },
      ]);
      await expect(page.getByText("4 files added to the media library.")).toBeVisible();
      await expect(cards(page)).toHaveCount(existing.length + 4);
      const progress = await page.evaluate(
        () => (window as unknown as { __progress: { loaded: number; total: number }[] }).__progress,
      );
      expect(progress.length).toBeGreaterThan(0);
      const last = progress[progress.length - 1];
      expect(last.loaded).toBe(last.total);
      expect(await page.evaluate(() => (window as unknown as { __barMax: number }).__barMax)).toBe(100);

      const photo = cards(page).filter({ hasText: REEF });
      await expect(photo).toContainText("Image");
      await expect(photo).toContainText("Gallery");
      await expect(photo).toContainText(/\d+\.\d KB/);
      await expect(photo).toContainText("1600×1067");
      await expect(photo.getByRole("list", { name: "Tags" }).locator("li")).toHaveText([
        "reef",
        "manly",
        "sea dragon",
        "+1",
      ]);
      await expect(cards(page).filter({ hasText: WAIVER })).toContainText("Document");
      await expect(cards(page).filter({ hasText: CLIP })).toContainText("Video");
      await page.getByRole("button", { name: /^Documents/ }).click();
      await expect(cards(page).filter({ hasText: WAIVER })).toBeVisible();
      await expect(cards(page).filter({ hasText: REEF })).toHaveCount(0);
      await page.getByRole("button", { name: /^All Files/ }).click();

      // The stored image is served in the four sizes the public pages ask for.
      const { body: items } = await adminApi<Item[]>(request, token, "GET", "/api/admin/media");
      const stored = items.find((m) => m.original_name === REEF);
      expect(stored?.url).toMatch(/^\/uploads\/[a-f0-9]{24}\.webp$/);
      for (const suffix of ["", "-960", "-768", "-480"]) {
        const res = await request.get(stored?.url.replace(/\.webp$/, `${suffix}.webp`) ?? "");
        expect(res.status()).toBe(200);
        expect(res.headers()["content-type"]).toContain("image/webp");
      }

      // Copy URL gives the full address and says so.
      await recordCopies(page);
      await photo.getByRole("button", { name: "Copy URL" }).click();
      await expect(photo.getByRole("button", { name: "Copied" })).toBeVisible();
      expect(await lastCopied(page)).toBe(new URL(stored?.url ?? "", page.url()).href);

      // Delete asks first, then removes the entry and its files.
      await cards(page)
        .filter({ hasText: CLIP })
        .getByRole("button", { name: `Delete ${CLIP}` })
        .click();
      await confirmDialog(page, `"${CLIP}" will be removed from the media library`);
      await expect(cards(page)).toHaveCount(existing.length + 3);
      const clip = items.find((m) => m.original_name === CLIP);
      expect((await request.get(clip?.url ?? "")).status()).toBe(404);

      // The picker of an image field lists the uploaded images; picking fills the URL.
      await openAdmin(page, "/admin/gallery", "Gallery");
      const form = page.getByRole("form", { name: "Add a photo" });
      await form.getByRole("button", { name: "Choose from media library" }).click();
      const grid = form.getByRole("list", { name: "Images to choose from" });
      await expect(grid).toHaveCSS("overflow-y", "auto");
      await grid.getByRole("button", { name: `Use ${REEF}` }).click();
      await expect(form.getByRole("textbox", { name: "Image URL" })).toHaveValue(stored?.url ?? "");
      await form.getByRole("textbox", { name: "Title" }).fill(GALLERY_TITLE);
      await form.getByLabel("Category").selectOption("nature");
      await form.getByRole("button", { name: "Add to gallery" }).click();
      await expect(page.getByText(`"${GALLERY_TITLE}" added to the gallery.`)).toBeVisible();
      await page.goto("/gallery");
      const img = page.getByTestId("gallery-thumb").first().locator("img");
      await expect(img).toHaveAttribute(
        "srcset",
        new RegExp(`${stored?.url.replace(/\.webp$/, "")}-480\\.webp 480w`),
      );
      await expect
        .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
        .toBe(true);
      const { body: gallery } = await adminApi<{ id: string; title: string }[]>(
        request,
        token,
        "GET",
        "/api/admin/gallery",
      );
      expect(gallery.some((g) => g.title === GALLERY_TITLE)).toBe(true);
    } finally {
      const { body: gallery } = await adminApi<{ id: string; title: string }[]>(
        request,
        token,
        "GET",
        "/api/admin/gallery",
      );
      for (const g of gallery.filter((x) => x.title === GALLERY_TITLE))
        await adminApi(request, token, "DELETE", `/api/admin/gallery/${g.id}`);
      await removeMedia(request, token, [REEF, LOGO, WAIVER, CLIP]);
    }
  });

  test("refuses executables renamed as images and oversized files with clear messages", async ({
    page,
    request,
  }) => {
    const token = await loginPage(page, request);
    await openAdmin(page, "/admin/media", "Media Library");
    await openUpload(page);
    // Count from the API: the grid may still be loading.
    const { body: library } = await adminApi<unknown[]>(request, token, "GET", "/api/admin/media");
    const before = library.length;
    await expect(cards(page)).toHaveCount(before);

    await input(page).setInputFiles([
      { name: "holiday.jpg", mimeType: "image/jpeg", buffer: fx.elf() },
      { name: "nice.png", mimeType: "image/png", buffer: await fx.image("png") },
    ]);
    const alert = page.getByRole("alert");
    await expect(alert).toContainText("Failed to upload media file");
    await expect(alert).toContainText('"holiday.jpg" is not an accepted file type');
    await expect(cards(page)).toHaveCount(before);

    await expect(input(page)).toBeEnabled();
    await input(page).setInputFiles([{ name: "setup.jpg", mimeType: "image/jpeg", buffer: fx.exe() }]);
    await expect(alert).toContainText('"setup.jpg" is not an accepted file type');
    await expect(input(page)).toBeEnabled();
    await input(page).setInputFiles([{ name: "drawing.svg", mimeType: "image/svg+xml", buffer: fx.svg() }]);
    await expect(alert).toContainText('"drawing.svg" is not an accepted file type');

    // Over the limit (20 MB here): refused before sending, with the server's own wording.
    const huge = Buffer.alloc(21 * 1024 * 1024, 1);
    await expect(input(page)).toBeEnabled();
    await input(page).setInputFiles([{ name: "huge-video.mp4", mimeType: "video/mp4", buffer: huge }]);
    await expect(alert).toContainText(
      '"huge-video.mp4" is larger than the 20 MB upload limit. Please choose a smaller file.',
    );
    await expect(cards(page)).toHaveCount(before);

    // The server refuses it too, should anything send it anyway.
    const res = await request.post("/api/admin/media/upload", {
      headers: { Authorization: `Bearer ${token}` },
      multipart: {
        files: { name: "huge-video.mp4", mimeType: "video/mp4", buffer: Buffer.concat([fx.mp4(), huge]) },
      },
    });
    expect(res.status()).toBe(413);
    expect(((await res.json()) as { detail: string }).detail).toBe(
      '"huge-video.mp4" is larger than the 20 MB upload limit. Please choose a smaller file.',
    );
  });

  test("hostile file names stay harmless text", async ({ page, request }) => {
    const token = await loginPage(page, request);
    const names = [
      `../../etc/passwd-${run}.jpg`,
      `<img src=x onerror=window.__pwned=1> ${run}.png`,
      `${"very-long-name-".repeat(30)}${run}.png`,
      `Ōcean 🌊 día ${run}.png`,
    ];
    const { body: before } = await adminApi<Item[]>(request, token, "GET", "/api/admin/media");
    const added = async () =>
      (await adminApi<Item[]>(request, token, "GET", "/api/admin/media")).body.filter(
        (m) => !before.some((b) => b.id === m.id),
      );
    try {
      let dialogs = 0;
      page.on("dialog", async (d) => {
        dialogs++;
        await d.dismiss();
      });
      await openAdmin(page, "/admin/media", "Media Library");
      await openUpload(page);
      const png = await fx.image("png", 40, 40);
      await input(page).setInputFiles([
        { name: names[0], mimeType: "image/jpeg", buffer: await fx.image("jpeg", 40, 40) },
        { name: names[1], mimeType: "image/png", buffer: png },
        { name: names[2], mimeType: "image/png", buffer: png },
        { name: names[3], mimeType: "image/png", buffer: png },
      ]);
      await expect(page.getByText("4 files added to the media library.")).toBeVisible();
      await expect(cards(page).filter({ hasText: names[1] })).toBeVisible();
      await expect(cards(page).filter({ hasText: names[3] })).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
      expect(dialogs).toBe(0);

      const hostile = await added();
      expect(hostile).toHaveLength(4);
      for (const m of hostile) {
        expect(m.filename).toMatch(/^[a-f0-9]{24}\.webp$/);
        expect(m.original_name).not.toContain("/");
        expect([...m.original_name].length).toBeLessThanOrEqual(200);
      }
    } finally {
      for (const m of await added()) await adminApi(request, token, "DELETE", `/api/admin/media/${m.id}`);
    }
  });

  test("a library that cannot be loaded says so, on the screen and in an image field's picker", async ({
    page,
    request,
  }) => {
    await loginPage(page, request);
    let answer: "error" | "abort" = "error";
    await page.route("**/api/admin/media", (route) => {
      if (route.request().method() !== "GET") return route.fallback();
      return answer === "error" ? route.fulfill({ status: 500, json: { detail: "down" } }) : route.abort();
    });
    await openAdmin(page, "/admin/media", "Media Library");
    await expect(page.getByRole("alert")).toHaveText("Failed to fetch media files");
    await expect(cards(page)).toHaveCount(0);

    answer = "abort";
    await page.reload();
    await expect(page.getByRole("alert")).toHaveText("Failed to load media files");

    // The picker loads the library when it is opened, names the failure in place, and Refresh loads it again.
    await openAdmin(page, "/admin/gallery", "Gallery");
    const form = page.getByRole("form", { name: "Add a photo" });
    await form.getByRole("button", { name: "Choose from media library" }).click();
    await expect(form.getByTestId("media-picker")).toContainText("Failed to load media files");
    await page.unroute("**/api/admin/media");
    await form.getByRole("button", { name: "Refresh the media library" }).click();
    await expect(form.getByRole("list", { name: "Images to choose from" })).toBeVisible();
  });

  test("the manual URL form validates, registers a file, and a broken image shows the placeholder", async ({
    page,
    request,
  }) => {
    const NAME = `missing-photo-${run}.jpg`;
    const token = await loginPage(page, request);
    try {
      await openAdmin(page, "/admin/media", "Media Library");
      await openUpload(page);
      await page.getByRole("button", { name: "Add by URL" }).click();
      const form = page.getByRole("form", { name: "Add by URL" });
      await expect(form.getByLabel("File URL")).toHaveAttribute("type", "url");
      await form.getByRole("button", { name: "Add by URL" }).click();
      await expect(form.getByText("File URL is required")).toBeVisible();
      await expect(form.getByText("Filename is required")).toBeVisible();
      await form.getByLabel("File URL").fill("not a url");
      await form.getByLabel("Filename").fill(NAME);
      await form.getByRole("button", { name: "Add by URL" }).click();
      await expect(form.getByText(/File URL must be a URL/)).toBeVisible();
      await form.getByLabel("File URL").fill(`http://127.0.0.1:9/${NAME}`);
      await form.getByLabel("File size (bytes)").fill("1536");
      await form.getByLabel("Folder").selectOption("backgrounds");
      await form.getByLabel("Tags").fill("broken");
      await form.getByRole("button", { name: "Add by URL" }).click();
      await expect(page.getByText(`"${NAME}" added to the media library.`)).toBeVisible();
      const card = cards(page).filter({ hasText: NAME });
      await expect(card).toContainText("1.5 KB");
      await expect(card).toContainText("Backgrounds");
      await expect(card.locator("img")).toHaveAttribute("src", "/images/placeholder.svg");

      await card.getByRole("button", { name: `Delete ${NAME}` }).click();
      await confirmDialog(page, `"${NAME}" will be removed from the media library`);
      await expect(card).toHaveCount(0);
    } finally {
      await removeMedia(request, token, [NAME]);
    }
  });
});
