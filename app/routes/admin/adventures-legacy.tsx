export default function Page() {
  return <h1>admin/adventures-legacy</h1>;
}
