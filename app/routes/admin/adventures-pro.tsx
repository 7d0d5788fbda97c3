export default function Page() {
  return <h1>admin/adventures-pro</h1>;
}
