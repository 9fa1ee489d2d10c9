import type { FestivalEditionFields } from '#core/lineup-types';
import type { Festival } from '#core/response-schemas';

/** What applying an import answers: the festival with its edition fields and sources. */
export type FestivalDetailAnswer = Festival & FestivalEditionFields;
