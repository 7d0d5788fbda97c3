export default function Page() {
  return <h1>checkout/test-checkout</h1>;
}
