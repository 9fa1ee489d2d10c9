import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { contactMessagesTable } from '#db/schema';
import { rateLimits } from '../../functions/lib/rate-limit';
import { api, db, signIn } from '../support/api';

const defaultLimit = rateLimits.contact.limit;
let address = 0;
const from = () => ({ 'X-Forwarded-For': `198.51.100.${++address}` });

const message = (overrides: Record<string, unknown> = {}) => ({
  name: 'Lucía Pérez',
  email: 'lucia@example.com',
  subject: 'Entradas',
  category: 'festivals',
  message: '¿Cuándo salen las entradas?',
  ...overrides,
});

const stored = (subject: string) =>
  db().select().from(contactMessagesTable).where(eq(contactMessagesTable.subject, subject));

afterEach(() => {
  rateLimits.contact.limit = defaultLimit;
});

describe('POST /api/contact', () => {
  it('stores the message and answers the success text', async () => {
    const res = await api('POST', '/api/contact', {
      body: message({ subject: 'Guardado', name: '  Lucía  ' }),
      headers: from(),
    });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      message: '¡Mensaje enviado correctamente! Te responderemos pronto.',
      id: expect.any(Number),
    });
    const [row] = await stored('Guardado');
    expect(row).toMatchObject({
      name: 'Lucía',
      email: 'lucia@example.com',
      category: 'festivals',
      message: '¿Cuándo salen las entradas?',
      userId: null,
    });
  });

  it('records the signed-in sender and accepts a missing or empty category', async () => {
    const user = await signIn();
    const res = await api('POST', '/api/contact', {
      token: user.token,
      body: message({ subject: 'Con usuario', category: '' }),
      headers: from(),
    });
    expect(res.status).toBe(201);
    const [row] = await stored('Con usuario');
    expect(row).toMatchObject({ userId: user.user.id, category: null });
    expect(
      (
        await api('POST', '/api/contact', {
          body: message({ subject: 'Sin categoría', category: undefined }),
          headers: from(),
        })
      ).status,
    ).toBe(201);
  });

  it.each([
    [{ name: '' }, 'El nombre es obligatorio.'],
    [{ email: 'nope' }, 'Por favor, introduce un correo electrónico válido.'],
    [{ subject: '   ' }, 'El asunto es obligatorio.'],
    [{ message: undefined }, 'El mensaje es obligatorio.'],
    [{ category: 'otros' }, 'Categoría no válida.'],
    [{ message: 'x'.repeat(5001) }, 'El mensaje no puede superar los 5000 caracteres.'],
    [{ name: 'x'.repeat(201) }, 'El nombre no puede superar los 200 caracteres.'],
    [{ name: 'Ana\r\nBcc: otro@example.com' }, 'El nombre no puede tener saltos de línea.'],
  ])('rejects %o with its Spanish message and stores nothing', async (overrides, error) => {
    const subject = `Inválido ${error}`.slice(0, 200);
    const res = await api('POST', '/api/contact', { body: message({ subject, ...overrides }), headers: from() });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(error);
    expect(await stored(subject)).toHaveLength(0);
  });

  it('answers 429 past the limit for one address', async () => {
    rateLimits.contact.limit = 1;
    const headers = from();
    expect((await api('POST', '/api/contact', { body: message({ subject: 'Primero' }), headers })).status).toBe(201);
    const blocked = await api('POST', '/api/contact', { body: message({ subject: 'Segundo' }), headers });
    expect(blocked.status).toBe(429);
    expect(blocked.json.error).toBe('Has enviado demasiados mensajes. Inténtalo de nuevo más tarde.');
    expect(await stored('Segundo')).toHaveLength(0);
  });
});
