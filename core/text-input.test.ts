import { describe, expect, it } from 'vitest';
import { alertInputSchema } from './alert-schemas';
import { contactSchema } from './community-schemas';
import { artistInputSchema } from './lineup-schemas';
import { asOneLine } from './text-input';

const errorOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0].message;

describe('names are one line', () => {
  it.each(['Amelie\nLens', 'Amelie\r\nLens', 'Amelie\rLens', 'Amelie\u2028Lens'])(
    'refuses the artist name %j with a reason',
    (name) => {
      expect(errorOf(artistInputSchema.safeParse({ name }))).toBe(
        'El nombre del artista no puede tener saltos de línea.',
      );
    },
  );

  it('refuses line breaks in an alert name and a contact subject, and keeps a trailing one trimmed', () => {
    const filters = {};
    expect(errorOf(alertInputSchema.safeParse({ name: 'Techno\ncerca', filters }))).toBe(
      'El nombre no puede tener saltos de línea.',
    );
    expect(alertInputSchema.parse({ name: 'Techno cerca\n', filters }).name).toBe('Techno cerca');
    const contact = { name: 'Ana', email: 'ana@example.com', message: 'Hola' };
    expect(errorOf(contactSchema.safeParse({ ...contact, subject: 'Hola\r\nBcc: x@example.com' }))).toBe(
      'El asunto no puede tener saltos de línea.',
    );
  });

  it('puts a name from elsewhere on one line', () => {
    expect(asOneLine('  Ana\r\n  García\tLópez ')).toBe('Ana García López');
  });
});
