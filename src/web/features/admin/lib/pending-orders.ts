// The number of orders that need the shop (awaiting payment or paid, not shipped), polled by the
// admin frame (orders/api.ts useLiveOrderCounts) and read by the sidebar and every page's tab title.
import { createContext, useContext } from 'react';

export const PendingOrdersContext = createContext<number | undefined>(undefined);

export const usePendingOrdersCount = () => useContext(PendingOrdersContext);
