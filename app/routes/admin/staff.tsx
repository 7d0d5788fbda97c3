export default function Staff() {
  return null;
}
