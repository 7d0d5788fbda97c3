export default function Page() {
  return <h1>adventures</h1>;
}
