import type { ReactNode } from 'react';
import { ToastProvider } from '../components/toast/toast-provider';
import { AuthProvider } from '../lib/auth';
import { AttendanceProvider } from '../lib/attendance';
import { FavoritesProvider } from '../lib/favorites';

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ToastProvider>
      <AuthProvider>
        <FavoritesProvider>
          <AttendanceProvider>{children}</AttendanceProvider>
        </FavoritesProvider>
      </AuthProvider>
    </ToastProvider>
  );
}
