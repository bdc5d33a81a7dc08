export default function LoginPage() {
  return <h1 className="p-8 text-2xl font-bold">Iniciar sesión</h1>;
}
