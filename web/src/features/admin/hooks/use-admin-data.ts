import { ApiError } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-server-data';
import {
  getAllFestivals,
  getAllMedia,
  getContactMessages,
  getMediaReports,
  getPendingComments,
  getPendingFestivals,
  getPendingMedia,
  getUsers,
} from '../api/admin-api';
import type {
  AdminComment,
  AdminMedia,
  AdminMediaReport,
  AdminUser,
  ContactMessage,
  Festival,
  PendingFestival,
} from '#core/response-schemas';

export interface AdminData {
  pendingFestivals: PendingFestival[];
  festivals: Festival[];
  pendingMedia: AdminMedia[];
  media: AdminMedia[];
  users: AdminUser[];
  pendingComments: AdminComment[];
  reports: AdminMediaReport[];
  messages: ContactMessage[];
}

export type AdminDataKey = keyof AdminData;

/** What failed to load, in the panel's words ('Error cargando ...'). */
const loadErrors: Record<AdminDataKey, string> = {
  pendingFestivals: 'Error cargando festivales pendientes',
  festivals: 'Error cargando festivales',
  pendingMedia: 'Error cargando fotos y vídeos pendientes',
  media: 'Error cargando fotos y vídeos',
  users: 'Error cargando usuarios',
  pendingComments: 'Error cargando comentarios',
  reports: 'Error cargando reportes',
  messages: 'Error cargando mensajes de contacto',
};

const loaders: Record<AdminDataKey, () => Promise<unknown[]>> = {
  pendingFestivals: getPendingFestivals,
  festivals: getAllFestivals,
  pendingMedia: getPendingMedia,
  media: getAllMedia,
  users: getUsers,
  pendingComments: getPendingComments,
  reports: getMediaReports,
  messages: getContactMessages,
};

const emptyData: AdminData = {
  pendingFestivals: [],
  festivals: [],
  pendingMedia: [],
  media: [],
  users: [],
  pendingComments: [],
  reports: [],
  messages: [],
};

export interface AdminDataState {
  data: AdminData;
  /** Per list: the reason it could not be loaded. */
  errors: Partial<Record<AdminDataKey, string>>;
  /** True until the first load has answered. */
  loading: boolean;
  /** True while any load runs (the first or a reload after an action). */
  refreshing: boolean;
  reload: () => void;
}

/** Every list at once; a list that fails is empty and says why, the others still show. */
async function loadAll(): Promise<{ data: AdminData; errors: Partial<Record<AdminDataKey, string>> }> {
  const keys = Object.keys(loaders) as AdminDataKey[];
  const results = await Promise.allSettled(keys.map((key) => loaders[key]()));
  const data: Partial<AdminData> = {};
  const errors: Partial<Record<AdminDataKey, string>> = {};
  results.forEach((result, i) => {
    const key = keys[i];
    if (result.status === 'fulfilled' && Array.isArray(result.value)) {
      (data as Record<string, unknown>)[key] = result.value;
    } else {
      const reason = result.status === 'rejected' ? result.reason : null;
      const detail = reason instanceof ApiError ? reason.message : 'Respuesta inesperada del servidor.';
      errors[key] = `${loadErrors[key]}: ${detail}`;
      (data as Record<string, unknown>)[key] = [];
      console.warn(loadErrors[key], reason);
    }
  });
  return { data: data as AdminData, errors };
}

/** Every admin list is requested in parallel on load, and again after each action. */
export function useAdminData(enabled: boolean): AdminDataState {
  const { data, isLoading, isFetching, refetch } = useQuery({
    queryKey: ['admin'],
    queryFn: loadAll,
    enabled,
  });
  return {
    data: data?.data ?? emptyData,
    errors: data?.errors ?? {},
    loading: isLoading,
    refreshing: isFetching,
    reload: refetch,
  };
}
