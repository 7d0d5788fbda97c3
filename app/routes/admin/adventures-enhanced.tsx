export default function Page() {
  return <h1>admin/adventures-enhanced</h1>;
}
