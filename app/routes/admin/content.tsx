export default function Page() {
  return <h1>admin/content</h1>;
}
