export default function Page() {
  return <h1>admin/redirect</h1>;
}
