import { Outlet } from 'react-router-dom';

/** The nested group that reads the stored sign-in token (a stored google_token alone counts as signed in). */
export function TokenGroup() {
  return <Outlet />;
}
