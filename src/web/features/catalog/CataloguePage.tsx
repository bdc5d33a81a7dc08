export default function CataloguePage() {
  return <h1 className="p-8 text-2xl font-bold">Catálogo</h1>;
}
