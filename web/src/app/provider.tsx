import type { ReactNode } from 'react';
import { ToastProvider } from '../components/toast/toast-provider';
import { AuthProvider } from '../lib/auth';
import { FavoritesProvider } from '../lib/favorites';

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ToastProvider>
      <AuthProvider>
        <FavoritesProvider>{children}</FavoritesProvider>
      </AuthProvider>
    </ToastProvider>
  );
}
