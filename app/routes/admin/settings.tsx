export default function Page() {
  return <h1>admin/settings</h1>;
}
