export default function Page() {
  return <h1>admin/website-editor</h1>;
}
