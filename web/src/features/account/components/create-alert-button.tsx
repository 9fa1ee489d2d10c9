import { useState } from 'react';
import { BellPlusIcon } from 'lucide-react';
import { useToast } from '../../../components/toast/toast-provider';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';

/** The home's filters a saved search keeps (dates and order do not decide whether a new festival fits). */
export interface AlertableFilters {
  search: string;
  genre: string;
  minRating: number;
  /** 'Cerca de' and its radius. */
  near: { label: string; lat: number; lon: number; radiusKm: number | null } | null;
}

/** A name that says what the search is: 'Techno · «sonar» · 4+ estrellas'. */
export function alertName(f: AlertableFilters): string {
  const place = f.near ? `cerca de ${f.near.label}${f.near.radiusKm ? ` (${f.near.radiusKm} km)` : ''}` : '';
  const parts = [
    f.genre,
    f.search.trim() ? `«${f.search.trim()}»` : '',
    place,
    f.minRating > 0 ? `${f.minRating}+ estrellas` : '',
  ].filter(Boolean);
  return (parts.join(' · ') || 'Todos los festivales').slice(0, 100);
}

/** 'Crear alerta': saves the current filters; a festival approved later that matches them is announced. */
export function CreateAlertButton({ filters }: { filters: AlertableFilters }) {
  const { user } = useAuth();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const usable = Boolean(filters.search.trim() || filters.genre || filters.minRating > 0 || filters.near);
  if (!usable) return null;
  const create = async () => {
    if (!user) return toast('Inicia sesión para crear una alerta.', 'info');
    setBusy(true);
    try {
      const body = {
        name: alertName(filters),
        filters: {
          ...(filters.search.trim() ? { search: filters.search.trim() } : {}),
          ...(filters.genre ? { genre: filters.genre } : {}),
          ...(filters.minRating > 0 ? { minRating: filters.minRating } : {}),
          ...(filters.near
            ? {
                lat: filters.near.lat,
                lon: filters.near.lon,
                ...(filters.near.radiusKm ? { radius: filters.near.radiusKm } : {}),
              }
            : {}),
        },
      };
      await apiRequest('/api/alerts', { method: 'POST', body });
      toast(`Alerta «${body.name}» creada: te avisaremos de los festivales nuevos que encajen.`);
    } catch (e) {
      toast(e instanceof ApiError ? e.message : 'No se pudo crear la alerta.', 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn btn-sm" disabled={busy} onClick={() => void create()}>
      <BellPlusIcon className="icon" aria-hidden="true" /> Crear alerta
    </button>
  );
}
