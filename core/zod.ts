import { z } from 'zod';
import { es } from 'zod/v4/locales';

// Default messages in Spanish for anything a schema does not word itself (DESIGN.md: errors speak Spanish).
z.config(es());

export { z };
