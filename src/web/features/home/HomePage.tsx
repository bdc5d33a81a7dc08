export default function HomePage() {
  return <h1 className="p-8 text-2xl font-bold">Inicio</h1>;
}
