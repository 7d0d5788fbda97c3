export default function Page() {
  return <h1>admin/faqs</h1>;
}
