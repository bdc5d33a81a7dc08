export default function RegisterPage() {
  return <h1 className="p-8 text-2xl font-bold">Crear Cuenta</h1>;
}
