export default function Page() {
  return <h1>admin/gallery</h1>;
}
