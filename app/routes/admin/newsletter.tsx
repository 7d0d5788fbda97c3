export default function Page() {
  return <h1>admin/newsletter</h1>;
}
