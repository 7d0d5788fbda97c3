/**
 * The admin UI kit, one module per job under ./ui/ (layout, alert, button,
 * badge, fields, tabs). This file only re-exports them and stays so existing
 * imports of "ui" keep working; new code imports the module it needs directly.
 */

export * from "./ui/alert";
export * from "./ui/badge";
export * from "./ui/button";
export * from "./ui/fields";
export * from "./ui/layout";
export * from "./ui/tabs";
