/** A form action's refusal, shown above the form it came from (the booking link's pages). */
export function ActionError({ message, testId }: { message: string | undefined; testId: string }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      data-testid={testId}
      className="mt-6 rounded-2xl border border-coral-100 bg-coral-50 p-4 text-sm text-coral-800"
    >
      {message}
    </p>
  );
}
