export default function Page() {
  return <h1>weekend</h1>;
}
