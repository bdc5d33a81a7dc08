export default function ProductPage() {
  return <h1 className="p-8 text-2xl font-bold">Producto</h1>;
}
