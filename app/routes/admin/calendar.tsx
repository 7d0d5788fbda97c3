export default function Page() {
  return <h1>admin/calendar</h1>;
}
