export { sendRestockNoticesSoon } from './restock';
