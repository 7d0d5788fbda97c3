export default function Page() {
  return <h1>admin/index</h1>;
}
