export { deliverInBackground, deliverMail, queueMail, sendMail } from './service';
export type { MailMessage } from './service';
