// Stands in for admin sections that are built separately (warranty, users, activity, settings).
import { PageHeader } from './ui/PageHeader';
import { EmptyState } from './ui/states';

export function PlaceholderPage({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <EmptyState title="Sección en preparación">Esta sección estará disponible próximamente.</EmptyState>
    </>
  );
}
