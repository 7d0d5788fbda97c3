export default function Page() {
  return <h1>admin/contacts</h1>;
}
