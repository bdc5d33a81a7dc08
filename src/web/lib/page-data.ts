// A page's data: the queries its first render reads, declared by the page's module (its
// `pageData` export, the module the route table names) so that the server prefetches them and
// renders the page in one pass (entry-server.tsx). The browser's hooks read the same query
// options, so the data the server embeds is the data they find.
import type { QueryClient } from '@tanstack/react-query';
import { contactSettingsQuery } from './contact';

export interface PageDataInput {
  /** The route's parameters (`:id`). */
  params: Record<string, string | undefined>;
  searchParams: URLSearchParams;
  /** The route table's path of the page (a legal page's slug). */
  path: string;
  /** Who the queries are for: on the server, always the anonymous visitor. */
  viewer: string;
  queryClient: QueryClient;
}

export type PageData = (input: PageDataInput) => Promise<unknown>;

/** What the shop's frame reads around every page: the contact channels (footer, WhatsApp button). */
export const frameData: PageData = ({ queryClient }) => queryClient.prefetchQuery(contactSettingsQuery());
