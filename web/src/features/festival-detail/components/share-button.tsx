import { useToast } from '../../../components/toast/toast-provider';
import { Share2Icon } from 'lucide-react';
import { shareLink } from '../../../lib/share';

/** Native share sheet when there is one, else the link is copied. */
export function ShareButton({
  title,
  text,
  className = 'btn btn-icon hero-action',
}: {
  title: string;
  text?: string;
  className?: string;
}) {
  const toast = useToast();
  return (
    <button
      type="button"
      className={className}
      aria-label="Compartir"
      title="Compartir"
      onClick={() => void shareLink({ title, text, url: window.location.href }, toast)}
    >
      <Share2Icon className="icon" />
    </button>
  );
}
