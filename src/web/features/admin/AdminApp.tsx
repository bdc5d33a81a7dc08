export default function AdminApp() {
  return <h1 className="p-8 text-2xl font-bold">Administración</h1>;
}
