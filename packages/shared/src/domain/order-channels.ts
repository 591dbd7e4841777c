/** Order channels (decision 047), apart from domain/orders so the home page does not load them. */
/**
 * Where an order came from (decision 047): the shop's site, or a chat or call that staff turned
 * into an order in the admin ('Porosi nga biseda').
 */
export const orderChannels = ['web', 'whatsapp', 'viber', 'telefon'] as const;
export type OrderChannel = (typeof orderChannels)[number];
/** The channels of an order staff place from a chat or call. */
export const chatChannels = ['whatsapp', 'viber', 'telefon'] as const satisfies readonly OrderChannel[];
export type ChatChannel = (typeof chatChannels)[number];

export const orderChannelLabels: Record<OrderChannel, string> = {
  web: 'Faqja e dyqanit',
  whatsapp: 'WhatsApp',
  viber: 'Viber',
  telefon: 'Telefon',
};
