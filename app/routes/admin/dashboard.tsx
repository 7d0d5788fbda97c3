export default function Page() {
  return <h1>admin/dashboard</h1>;
}
