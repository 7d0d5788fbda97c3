export default function Page() {
  return <h1>public/book-success</h1>;
}
