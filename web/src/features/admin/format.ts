import { format } from 'date-fns';
import { es } from 'date-fns/locale/es';

/** '22 de noviembre de 2026, 18:05' (the reports table shows date and time). */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return 'Fecha no disponible';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? 'Fecha no disponible' : format(d, "d 'de' MMMM 'de' yyyy, HH:mm", { locale: es });
}

export const statusLabels = { pending: 'Pendiente', approved: 'Aprobado', rejected: 'Rechazado' } as const;
export const statusBadge = {
  pending: 'badge badge-warning',
  approved: 'badge badge-info',
  rejected: 'badge admin-badge-rejected',
} as const;
