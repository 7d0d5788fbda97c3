export default function Page() {
  return <h1>admin/pro-dashboard</h1>;
}
