export default function Page() {
  return <h1>admin/bookings</h1>;
}
