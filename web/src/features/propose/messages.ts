import { DUPLICATE_FESTIVAL_MESSAGE } from '#core/festival-schemas';

/** What the proposal form says on success and on each failure. */
export const proposeMessages = {
  success: 'Festival propuesto... pendiente de revisión',
  duplicate: DUPLICATE_FESTIVAL_MESSAGE,
  invalid: 'Error al proponer festival. Revisa los datos.',
  network: 'Error de red o servidor.',
  images: 'Las imágenes no se pudieron subir correctamente.',
};
