import {
  Archive,
  Backpack,
  BadgePercent,
  CalendarDays,
  ChartColumn,
  CircleHelp,
  CirclePlus,
  ClipboardCheck,
  ClipboardList,
  CloudRain,
  Compass,
  FileSignature,
  FileText,
  Image,
  Images,
  Inbox,
  KeyRound,
  LayoutDashboard,
  type LucideIcon,
  Mail,
  MailCheck,
  MessageSquareQuote,
  Newspaper,
  ReceiptText,
  Repeat,
  ScrollText,
  Settings,
  Ship,
  Sparkles,
  SquarePen,
  Ticket,
  Users,
} from "lucide-react";
import { canOpen } from "../../lib/admin-screens";
import type { StaffRole } from "../../lib/staff-access";

/**
 * Side navigation, in groups: the daily screens first, then selling, the
 * website and the set-up. Every screen the spec lists is here (its 15
 * entries, each under its path), beside the dive operations screens. The
 * three adventure editors say what each is; the legacy one that nothing it
 * does is saved. Each role sees the entries it may open (`navFor`).
 */
export interface NavItem {
  to: string;
  label: string;
  Icon: LucideIcon;
}

export const ADMIN_NAV_GROUPS: readonly { title: string; items: readonly NavItem[] }[] = [
  {
    title: "Today",
    items: [
      { to: "/admin/pro-dashboard", label: "Dashboard", Icon: LayoutDashboard },
      { to: "/admin/trips", label: "Trips", Icon: Ship },
      { to: "/admin/bookings", label: "Bookings", Icon: ClipboardList },
      { to: "/admin/bookings/new", label: "New booking", Icon: CirclePlus },
      { to: "/admin/manifest", label: "Trip-day manifest", Icon: ClipboardCheck },
      { to: "/admin/calendar", label: "Availability Calendar", Icon: CalendarDays },
      { to: "/admin/contacts", label: "Contact Messages", Icon: Mail },
      { to: "/admin/weather", label: "Weather cancellations", Icon: CloudRain },
    ],
  },
  {
    title: "Sales",
    items: [
      { to: "/admin/vouchers", label: "Vouchers", Icon: Ticket },
      { to: "/admin/promo-codes", label: "Promo codes", Icon: BadgePercent },
      { to: "/admin/invoices", label: "Invoices", Icon: ReceiptText },
      { to: "/admin/newsletter", label: "Newsletter", Icon: Newspaper },
      { to: "/admin/dashboard", label: "Overview", Icon: ChartColumn },
    ],
  },
  {
    title: "Website",
    items: [
      { to: "/admin/adventures-pro", label: "Adventures (full editor)", Icon: Compass },
      { to: "/admin/adventures-enhanced", label: "Adventures (quick editor)", Icon: Sparkles },
      { to: "/admin/adventures", label: "Legacy (not saved)", Icon: Archive },
      { to: "/admin/website-editor", label: "Website Editor", Icon: SquarePen },
      { to: "/admin/content", label: "Content Sections", Icon: FileText },
      { to: "/admin/media", label: "Media Library", Icon: Images },
      { to: "/admin/gallery", label: "Gallery", Icon: Image },
      { to: "/admin/testimonials", label: "Testimonials", Icon: MessageSquareQuote },
      { to: "/admin/faqs", label: "FAQs", Icon: CircleHelp },
    ],
  },
  {
    title: "Set-up",
    items: [
      { to: "/admin/schedules", label: "Schedules", Icon: Repeat },
      { to: "/admin/gear", label: "Gear hire", Icon: Backpack },
      { to: "/admin/waiver", label: "Waiver", Icon: FileSignature },
      { to: "/admin/emails", label: "Trip emails", Icon: MailCheck },
      { to: "/admin/email-log", label: "Email log", Icon: Inbox },
      { to: "/admin/settings-pro", label: "Settings", Icon: Settings },
      { to: "/admin/staff", label: "Staff", Icon: Users },
      { to: "/admin/audit", label: "Audit log", Icon: ScrollText },
      { to: "/admin/account", label: "Your sign-in", Icon: KeyRound },
    ],
  },
];

/** Every entry, in the order shown. */
export const ADMIN_NAV = ADMIN_NAV_GROUPS.flatMap((g) => g.items);

/** The groups as `role` sees them: only the screens it may open, and no empty group. */
export function navFor(role: StaffRole) {
  return ADMIN_NAV_GROUPS.map((g) => ({ ...g, items: g.items.filter((i) => canOpen(role, i.to)) })).filter(
    (g) => g.items.length > 0,
  );
}
