// The shop's name, the one spelling for the storefront, its page titles and its e-mails.
export const SHOP_NAME = 'Semillas del Sur';
