/**
 * index.html carries a static copy of the cookie banner, hidden, inside the app's root: its boot
 * script (web/boot-script.ts) shows it on a first visit, before the app starts, and the app's
 * banner replaces it when it draws (the same text and layout). Imports nothing: the boot script's
 * builder reads these names too.
 */
export const STATIC_COOKIE_BANNER_ID = 'boot-cookie-banner';
/** On the static banner's buttons: 'all', 'essential' or 'configure'. */
export const COOKIE_CHOICE_ATTRIBUTE = 'data-choice';
/** Set on <html> by the boot script when 'Configurar' was pressed on the static banner. */
export const CONFIGURE_ASKED_ATTRIBUTE = 'data-cookie-configure';

/**
 * True (once) when the visitor pressed 'Configurar' on the static banner before the app started:
 * the app's banner then opens with the categories. A choice to accept or reject was stored already.
 */
export function takeConfigureAsked(): boolean {
  const root = document.documentElement;
  if (!root.hasAttribute(CONFIGURE_ASKED_ATTRIBUTE)) return false;
  root.removeAttribute(CONFIGURE_ASKED_ATTRIBUTE);
  return true;
}
