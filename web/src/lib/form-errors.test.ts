import { describe, expect, it } from 'vitest';
import { commentSchema } from '#core/community-schemas';
import { proposeFestivalSchema } from '#core/festival-schemas';
import { ApiError } from './api-client';
import { fieldErrors, serverFieldErrors, zodFieldErrors } from './form-errors';

describe('form errors', () => {
  it('gives each field the first Spanish message of the schema', () => {
    const parsed = proposeFestivalSchema.safeParse({
      name: '',
      location: '',
      start_date: '32-13-2030',
      end_date: '',
      description: '',
    });
    expect(parsed.success).toBe(false);
    const errors = zodFieldErrors(parsed.error!);
    expect(errors.name).toBe('El nombre del festival es requerido');
    expect(errors.location).toBe('La ubicación del festival es requerida');
    expect(errors.end_date).toBe('La fecha de fin es requerida');
    expect(errors.description).toBe('La descripción del festival es requerida');
    expect(Object.keys(errors)).toEqual(['name', 'location', 'start_date', 'end_date', 'description']);
  });

  it('keeps only the fields the form shows when told which', () => {
    const parsed = commentSchema.safeParse({ festival_id: 'x', content: '', rating: 0 });
    expect(parsed.success).toBe(false);
    const errors = zodFieldErrors(parsed.error!, ['content', 'rating']);
    expect(Object.keys(errors).sort()).toEqual(['content', 'rating']);
  });

  it("reads a 400's details, whose paths are dotted strings", () => {
    const error = new ApiError(
      400,
      {
        error: 'Datos no válidos.',
        code: 'invalid_input',
        details: [
          { path: 'genres.3', message: 'Cada género puede tener como máximo 50 caracteres.' },
          { path: 'genres', message: 'otro' },
          { path: '', message: 'del conjunto' },
        ],
      },
      'x',
    );
    expect(serverFieldErrors(error)).toEqual({ genres: 'Cada género puede tener como máximo 50 caracteres.' });
    expect(serverFieldErrors(new ApiError(500, undefined, 'Error HTTP 500'))).toEqual({});
    expect(serverFieldErrors(new Error('red'))).toEqual({});
  });

  it('skips issues without a field or a message', () => {
    expect(fieldErrors([{ path: [], message: 'x' }, { path: ['a'] }, { path: ['b', 0], message: 'b' }])).toEqual({
      b: 'b',
    });
  });
});
