import { Alert, type AlertTone } from "../ui";

/**
 * The screen's notice: the first line as its text, any further lines (the
 * files an upload could not add) as a list below it.
 */
export function MediaNotice({
  flash,
  onDismiss,
}: {
  flash: { tone: AlertTone; text: string; title?: string } | null;
  onDismiss: () => void;
}) {
  if (!flash) return null;
  const [text, ...lines] = flash.text.split("\n");
  return (
    <Alert tone={flash.tone} title={flash.title} onDismiss={onDismiss}>
      {text}
      {lines.length ? (
        <ul className="mt-1 list-disc pl-4">
          {lines.map((l) => (
            <li key={l}>{l}</li>
          ))}
        </ul>
      ) : null}
    </Alert>
  );
}
