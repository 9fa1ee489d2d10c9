import type { ToastType } from '../components/toast/toast-provider';

type Toast = (message: string, type?: ToastType) => void;

async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    // Older browsers or a document without focus: the textarea fallback below.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('No se pudo copiar el enlace');
}

/**
 * The native share sheet where there is one; otherwise the link is copied with the toast
 * 'Enlace copiado al portapapeles'. Failures are only logged.
 */
export async function shareLink(data: { title: string; text?: string; url: string }, toast: Toast): Promise<void> {
  try {
    if (typeof navigator.share === 'function') {
      await navigator.share(data);
      return;
    }
    await copyText(data.url);
    toast('Enlace copiado al portapapeles', 'success');
  } catch (error) {
    if ((error as Error).name !== 'AbortError') console.warn('No se pudo compartir', error);
  }
}
