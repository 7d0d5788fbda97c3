export { ConfirmDialog, useConfirm } from "./ConfirmDialog";
export { Alert, type AlertTone, type Flash, FlashAlert, useFlash } from "./ui/alert";
export { Badge, type BadgeTone } from "./ui/badge";
export { Button, type ButtonVariant, buttonClass } from "./ui/button";
export { CheckboxField, Field, SelectField, TextAreaField, TextField } from "./ui/fields";
export { Card, EmptyState, PageHeader, Spinner, StatCard, Table, tableStyles } from "./ui/layout";
export { Pager } from "./ui/pager";
export { Tabs, tabPanelProps } from "./ui/tabs";
