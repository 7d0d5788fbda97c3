export default function Page() {
  return <h1>public/book</h1>;
}
