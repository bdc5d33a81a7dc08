export { getDollarRateValue } from './dollar-rate';
export { orderSettingsOf } from './order-settings';
export { shopWhatsapp } from './payment-settings';
export { readShopSettings } from './settings';
export type { ShopSettings } from './settings';
export { shopChannels, shopContact } from './shop-contact';
export type { ShopChannels, ShopContact } from './shop-contact';
