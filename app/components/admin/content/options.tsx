/** The `<option>`s of a fixed list of choices, each shown by its label. */
export function Options({ choices }: { choices: readonly { value: string; label: string }[] }) {
  return (
    <>
      {choices.map((c) => (
        <option key={c.value} value={c.value}>
          {c.label}
        </option>
      ))}
    </>
  );
}
