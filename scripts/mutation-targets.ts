/**
 * For `npm run mutation -- --targeted`: the API test files that target each group of rule files.
 * Code every request passes (the security middleware, the page cache) is covered by nearly every
 * API test, so a surviving mutant there runs all of them, a minute or more each on two cores,
 * and a folder takes hours. A targeted run gives each group only the unit tests and these files:
 * a lower bound of the full run's score (another API test might still kill a survivor), in
 * minutes. A file of a chosen folder that no group names runs with the unit tests alone.
 */
export const TARGETS: { files: string[]; apiTests: string[] }[] = [
  {
    // The client's address and the public budgets it keys.
    files: ["server/security/client.server.ts", "server/security/public-limits.server.ts"],
    apiTests: ["public-limits", "checkout-limits", "booking-link-limits", "upload-limits"],
  },
  {
    // The counters both the public budgets and the sign-in throttle keep.
    files: ["server/security/rate-limit.server.ts", "server/security/login-throttle.server.ts"],
    apiTests: ["admin-auth", "admin-two-factor", "public-limits"],
  },
  {
    files: ["server/security/headers.server.ts"],
    apiTests: ["headers", "route-policy", "methods", "page-cache"],
  },
  {
    files: ["server/security/request-input.server.ts", "server/security/text.server.ts"],
    apiTests: ["input-safety", "methods", "book-form"],
  },
  {
    files: ["server/security/secret-box.server.ts"],
    apiTests: ["email-secrets", "secrets-migration", "admin-two-factor-storage"],
  },
  {
    files: [
      "server/cache/cacheable.ts",
      "server/cache/content-version.server.ts",
      "server/cache/page-cache.server.ts",
      "server/cache/defer-hydration.server.ts",
      "server/cache/router-scripts.server.ts",
    ],
    apiTests: ["page-cache", "headers", "health-seo", "public"],
  },
];

export const apiTestFile = (name: string) => `tests/api/${name}.test.ts`;
