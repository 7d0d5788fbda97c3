export default function Page() {
  return <h1>admin/media</h1>;
}
