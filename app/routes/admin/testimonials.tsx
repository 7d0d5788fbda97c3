export default function Page() {
  return <h1>admin/testimonials</h1>;
}
