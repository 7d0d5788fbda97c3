export default function Page() {
  return <h1>adventure</h1>;
}
