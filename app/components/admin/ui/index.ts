/**
 * The admin UI kit, one module per job in this folder (layout, alert, button,
 * badge, fields, tabs): importers name the folder, and this index is its whole
 * public surface.
 */

export * from "./alert";
export * from "./badge";
export * from "./button";
export * from "./fields";
export * from "./layout";
export * from "./pager";
export * from "./tabs";
