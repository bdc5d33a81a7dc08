// A yes/no confirmation whose action the server refuses (the order was paid meanwhile, the user
// was deleted by someone else, the role no longer allows it): asking again would get the same
// answer, so the dialog closes and the page reads its data again to show what is true now. Form
// dialogs, where the person typed values, stay open with the errors by their fields instead.
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

/**
 * The server answered no (a 4xx). Not a refusal: no answer at all (status 0, the connection
 * dropped), a 5xx or a 429; those keep the dialog open so the same action can be tried again.
 */
export const refusedByServer = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429;

/** `(error, close)`: after a refusal, closes the confirmation and refreshes the queries on screen. */
export function useCloseOnRefusal() {
  const queryClient = useQueryClient();
  return (error: unknown, close: () => void) => {
    if (!refusedByServer(error)) return;
    close();
    void queryClient.invalidateQueries();
  };
}
