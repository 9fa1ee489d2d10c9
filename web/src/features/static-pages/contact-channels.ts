/**
 * Addresses shown on the Contact, Legal notice, Privacy and Help pages. The spec leaves them as
 * placeholders ({email}, {phone}); the owner fills in the real ones here, in one place.
 */
export const contactChannels = {
  general: 'hola@festivales.eu',
  commercial: 'comercial@festivales.eu',
  support: 'soporte@festivales.eu',
  legal: 'legal@festivales.eu',
  privacy: 'privacidad@festivales.eu',
  phone: '+34 910 000 000',
} as const;

/** Owner data of the legal notice and the privacy policy: placeholders until the owner fills them. */
export const ownerPlaceholders = {
  name: '[Nombre o razón social del titular]',
  taxId: '[NIF/CIF]',
  address: '[Domicilio social]',
  registry: '[Datos de inscripción registral, si procede]',
} as const;

export const AEPD_URL = 'https://www.aepd.es';
