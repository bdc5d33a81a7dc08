export {
  accountConsents,
  accountContacts,
  accountIdWithEmail,
  accountPhone,
  accountSince,
  findAccountByEmail,
  freeUsername,
  insertAccount,
  lockRememberedDelivery,
  rememberDelivery,
} from './accounts';
export type { RememberedDelivery } from './accounts';
export { toProfile } from './service';
export { revokeUserSessions } from './sessions';
export { unsubscribeUrl } from './unsubscribe';
