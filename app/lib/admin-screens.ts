/**
 * Which console screen an address is, and the permission it needs, read from
 * the route table (app/route-policy.ts) in the browser: the console's
 * navigation lists only what the signed-in role may open, and a screen the
 * role may not open says so instead of showing calls the server refuses.
 * Matching as the table's rows are written: static segments (any letter
 * case) outrank parameters, which outrank a trailing `*`.
 */
import { ROUTES } from "../route-policy";
import { can, type Permission, type StaffRole } from "./staff-access";

const SCREENS = ROUTES.filter((r) => r.page?.layout === "admin").map((r) => {
  const parts = r.path.split("/").filter(Boolean);
  const wildcard = parts.at(-1) === "*";
  const segments = wildcard ? parts.slice(0, -1) : parts;
  const score =
    segments.reduce((sum, s) => sum + (s.startsWith(":") ? 3 : 10), segments.length) - (wildcard ? 2 : 0);
  return { segments, wildcard, score, permission: r.access?.["*"] };
});

/** The permission the screen at `pathname` needs (undefined: no console screen there). */
export function screenPermission(pathname: string): Permission | undefined {
  const parts = pathname.split("/").filter(Boolean);
  let best: (typeof SCREENS)[number] | undefined;
  for (const screen of SCREENS) {
    const { segments, wildcard } = screen;
    if (wildcard ? parts.length < segments.length : parts.length !== segments.length) continue;
    const fits = segments.every((s, i) => s.startsWith(":") || s === parts[i].toLowerCase());
    if (fits && (!best || screen.score > best.score)) best = screen;
  }
  return best?.permission;
}

/** Whether `role` may open the screen at `pathname`. */
export const canOpen = (role: StaffRole, pathname: string) => can(role, screenPermission(pathname));
