import { useId, useState, type FormEvent } from 'react';
import { SendIcon } from 'lucide-react';
import { useToast } from '../../../components/toast/toast-provider';
import { subscribeToNewsletter } from '../api/subscribe';
import './newsletter.css';

const INVALID = 'Por favor, introduce un correo electrónico válido.';

/** The footer's newsletter form (an email is required; success and failure as toasts). */
export function NewsletterForm() {
  const toast = useToast();
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const inputId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      toast(INVALID, 'error');
      return;
    }
    // The shared schema (core) is loaded on demand so zod stays out of the first load.
    const { newsletterSchema } = await import('#core/community-schemas');
    const parsed = newsletterSchema.safeParse({ email });
    if (!parsed.success) {
      toast(INVALID, 'error');
      return;
    }
    setSending(true);
    try {
      await subscribeToNewsletter(parsed.data.email);
      toast('¡Te has suscrito correctamente a nuestra newsletter!', 'success');
      setEmail('');
    } catch (error) {
      console.warn(error);
      toast('Error al suscribirte a la newsletter. Por favor, inténtalo de nuevo más tarde.', 'error');
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="newsletter-form" onSubmit={submit} noValidate>
      <label htmlFor={inputId} className="visually-hidden">
        Correo electrónico
      </label>
      <input
        id={inputId}
        className="input"
        type="email"
        name="email"
        autoComplete="email"
        placeholder="tu@correo.com"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <button type="submit" className="btn btn-primary" disabled={sending}>
        <SendIcon className="icon" />
        {sending ? 'Enviando...' : 'Suscribirme'}
      </button>
    </form>
  );
}
