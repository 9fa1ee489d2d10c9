/**
 * The build renders the app's cookie banner into index.html, hidden (src/boot/static-markup.tsx):
 * the boot entry (src/boot/boot.ts) shows it on a first visit and answers its buttons until the app
 * starts, and the app then takes the same element over (hydration). These names are shared by both.
 */
export const STATIC_COOKIE_BANNER_ID = 'boot-cookie-banner';
/** On the banner's buttons, for the boot entry: 'all', 'essential' or 'configure'. */
export const COOKIE_CHOICE_ATTRIBUTE = 'data-choice';
/** Set on <html> by the boot entry when 'Configurar' was pressed on the static banner. */
export const CONFIGURE_ASKED_ATTRIBUTE = 'data-cookie-configure';

/** True when the visitor pressed 'Configurar' on the banner before the app started: the app's banner then opens with the categories. */
export function configureAsked(): boolean {
  return typeof document !== 'undefined' && document.documentElement.hasAttribute(CONFIGURE_ASKED_ATTRIBUTE);
}

/** Once the app has opened the categories, the request is done. */
export function forgetConfigureAsked(): void {
  document.documentElement.removeAttribute(CONFIGURE_ASKED_ATTRIBUTE);
}
