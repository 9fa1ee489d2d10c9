import { z } from 'zod';
import { es } from 'zod/v4/locales';

// Default messages in Spanish for anything a schema does not word itself (every error the API sends is Spanish text for people).
z.config(es());

export { z };
