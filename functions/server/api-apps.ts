import { app as festivals } from '../festivals/app';
import { app as users } from '../users/app';

/** Every function's app; the local server mounts them all, SST routes each to its own Lambda. */
export const apiApps = [festivals, users];
