export default function StaffInvite() {
  return null;
}
