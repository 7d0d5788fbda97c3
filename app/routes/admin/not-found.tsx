export default function Page() {
  return <h1>admin/not-found</h1>;
}
