export default function GuidePage() {
  return <h1 className="p-8 text-2xl font-bold">Cómo germinar</h1>;
}
