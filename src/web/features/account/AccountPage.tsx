export default function AccountPage() {
  return <h1 className="p-8 text-2xl font-bold">Mi cuenta</h1>;
}
