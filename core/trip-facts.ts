import { formatPrice } from './price-tiers';
import { factLabels, type Accessibility, type Conditions } from './trip-fact-schemas';

/** One fact as the festival page says it: null is 'Sin confirmar'. */
export interface FactLine {
  label: string;
  value: string | null;
  /** A document or contact the value points to. */
  href?: string;
  hrefText?: string;
}

const yesNo = (value: boolean | null, yes: string, no: string) => (value === null ? null : value ? yes : no);

/** 'Antes de ir', in the order a festival-goer packs: food and water, leaving, paying, age, sleeping. */
export function conditionLines(c: Conditions | null | undefined): FactLine[] {
  const refund = [
    c?.cashless_refund_fee == null
      ? null
      : c.cashless_refund_fee === 0
        ? 'sin comisión'
        : `${formatPrice(c.cashless_refund_fee)} de comisión`,
    c?.cashless_refund_days == null ? null : `hasta ${c.cashless_refund_days} días después`,
  ]
    .filter(Boolean)
    .join(', ');
  let age: string | null = null;
  if (c?.age_policy === 'all_ages') age = 'Todas las edades';
  else if (c?.age_policy === 'minimum_age') age = `A partir de ${c.minimum_age} años`;
  else if (c?.age_policy === 'minors_with_guardian')
    age = `Menores desde ${c.minimum_age} años, acompañados de su madre, padre o tutor`;
  return [
    { label: 'Comida', value: c?.food ? factLabels.food[c.food] : null },
    { label: 'Agua', value: c?.water ? factLabels.water[c.water] : null },
    { label: 'Salir y volver a entrar', value: c?.reentry ? factLabels.reentry[c.reentry] : null },
    {
      label: 'Pago',
      value: yesNo(c?.cashless ?? null, 'Cashless obligatorio (pulsera o tarjeta)', 'Sin cashless obligatorio'),
    },
    { label: 'Devolución del saldo cashless', value: refund || null },
    { label: 'Efectivo', value: yesNo(c?.cash_accepted ?? null, 'Se acepta efectivo', 'No se acepta efectivo') },
    {
      label: 'Edad',
      value: age,
      ...(c?.guardian_form_url ? { href: c.guardian_form_url, hrefText: 'Autorización para menores' } : {}),
    },
    { label: 'Camping', value: c?.camping ? factLabels.camping[c.camping] : null },
    { label: 'Parking', value: c?.parking ? factLabels.parking[c.parking] : null },
    { label: 'Taquillas', value: yesNo(c?.lockers ?? null, 'Hay taquillas', 'Sin taquillas') },
    { label: 'Tamaño máximo de bolsa', value: c?.bag_limit ?? null },
  ];
}

/** Accessibility, each fact said plainly. */
export function accessibilityLines(a: Accessibility | null | undefined): FactLine[] {
  const yes = (value: boolean | null | undefined) => yesNo(value ?? null, 'Sí', 'No');
  const contact = a?.contact ?? null;
  return [
    { label: 'Acceso sin escalones', value: yes(a?.step_free) },
    { label: 'Plataforma para personas en silla de ruedas', value: yes(a?.viewing_platform) },
    { label: 'Baños adaptados', value: yes(a?.adapted_toilets) },
    {
      label: 'Entrada de acompañante',
      value: a?.companion_ticket ? factLabels.companion_ticket[a.companion_ticket] : null,
    },
    { label: 'Intérprete de lengua de signos (LSE)', value: yes(a?.sign_language) },
    { label: 'Bucle magnético', value: yes(a?.induction_loop) },
    { label: 'Chalecos vibratorios', value: yes(a?.vibrating_vests) },
    { label: 'Zona tranquila o chill-out', value: yes(a?.quiet_area) },
    { label: 'Perros de asistencia', value: yes(a?.assistance_dogs) },
    { label: 'Camping accesible', value: yes(a?.accessible_camping) },
    { label: 'Parking accesible', value: yes(a?.accessible_parking) },
    {
      label: 'Contacto de accesibilidad',
      value: contact,
      ...(contact
        ? {
            href: contact.includes('@') ? `mailto:${contact}` : `tel:${contact.replace(/[^\d+]/g, '')}`,
            hrefText: contact,
          }
        : {}),
    },
  ];
}
