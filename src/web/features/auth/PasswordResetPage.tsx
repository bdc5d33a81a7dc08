export default function PasswordResetPage() {
  return <h1 className="p-8 text-2xl font-bold">Recuperar contraseña</h1>;
}
