export default function MaintenancePage() {
  return <h1 className="p-8 text-2xl font-bold">Sitio en Mantenimiento</h1>;
}
