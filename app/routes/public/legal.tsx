export default function Page() {
  return <h1>legal</h1>;
}
