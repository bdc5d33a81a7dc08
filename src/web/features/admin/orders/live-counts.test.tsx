// @vitest-environment happy-dom
// The order counts poll reloads the order lists when the counts change. Its first answer is only a
// baseline, but a list that loaded before it may already miss an order placed in between: that
// list is reloaded too, rather than waiting for the next change.
import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { api } from '../../../lib/api';
import { AsStaff } from '../../../test/staff';
import { fakeApi, renderPage } from '../../../test/render';
import { adminKeys } from '../lib/queries';
import { useLiveOrderCounts } from './api';

const counts = (pending: number) => ({ pending, needs_shop: pending, completed: 0, cancelled: 0, total: pending });

function Counts() {
  const live = useLiveOrderCounts();
  return <p>{live ? `${live.pending} pendientes` : 'contando'}</p>;
}

/** A list of orders, and the counts only once it has loaded (the order the race takes). */
function ListThenCounts() {
  const list = useQuery({ queryKey: [...adminKeys.orders, 'probe'], queryFn: () => api.get<{ count: number }>('/api/orders/?page=1') });
  return list.data ? (
    <>
      <p>{`${list.data.count} en la lista`}</p>
      <Counts />
    </>
  ) : null;
}

describe('useLiveOrderCounts', () => {
  it('reloads a list loaded before the first counts, which may already be missing an order', async () => {
    let placed = 0;
    const requests = fakeApi((request) => {
      const answer = { json: { count: 5 + placed, results: [], status_counts: counts(5 + placed) } };
      // The list is read before the order is placed, the counts after.
      if (request.url.searchParams.get('page_size') !== '1') placed = 1;
      return answer;
    });
    renderPage(
      <AsStaff>
        <ListThenCounts />
      </AsStaff>,
    );
    await screen.findByText('6 pendientes');
    await screen.findByText('6 en la lista');
    await waitFor(() => expect(requests.filter((r) => r.url.searchParams.get('page') === '1')).toHaveLength(2));
  });
});
