import { describe, expect, it } from 'vitest';
import { absoluteUrl, festivalPath, festivalShareMeta, SHARE_MARKDOWN_INPUT, shareDescription } from './share';

const festival = {
  id: 12,
  name: 'Dekmantel Festival',
  description: 'Cinco días de **música electrónica** en el Amsterdamse Bos.',
  location: 'Ámsterdam, Países Bajos',
  address: 'Amsterdamse Bos',
  start_date: '2031-07-30',
  end_date: '2031-08-03',
  website: 'https://www.dekmantelfestival.com',
  image_url: '/uploads/festivals/dekmantel.jpg',
  latitude: 52.33,
  longitude: 4.84,
  hasValidCoordinates: true,
};

describe('festivalShareMeta (link preview metadata)', () => {
  it('builds the title, canonical URL, absolute image and a schema.org Event', () => {
    const meta = festivalShareMeta(festival, 'https://festivales.example/');
    expect(meta.title).toBe('Dekmantel Festival - Festivales');
    expect(meta.url).toBe('https://festivales.example/festival/12/dekmantel-festival');
    expect(meta.image).toBe('https://festivales.example/uploads/festivals/dekmantel.jpg');
    expect(meta.description).toBe('Cinco días de música electrónica en el Amsterdamse Bos.');
    expect(meta.jsonLd).toMatchObject({
      '@type': ['MusicEvent', 'Festival'],
      startDate: '2031-07-30',
      endDate: '2031-08-03',
      location: { '@type': 'Place', name: 'Ámsterdam, Países Bajos', geo: { latitude: 52.33, longitude: 4.84 } },
      sameAs: 'https://www.dekmantelfestival.com',
    });
  });

  it('falls back to the default image, a generated description, no geo and the start as end', () => {
    const meta = festivalShareMeta(
      { ...festival, image_url: null, description: null, end_date: null, hasValidCoordinates: false },
      'http://localhost:3000',
    );
    expect(meta.image).toBe('http://localhost:3000/images/og-default.png');
    expect(meta.description).toBe(
      'Dekmantel Festival en Ámsterdam, Países Bajos: fechas, ubicación, valoraciones y fotos en Festivales.',
    );
    expect(meta.jsonLd.endDate).toBe('2031-07-30');
    expect((meta.jsonLd.location as Record<string, unknown>).geo).toBeUndefined();
  });

  it('names the performers, headliners first, and the offer of the current edition', () => {
    const entry = (id: number, name: string, billing: 'headliner' | 'regular') => ({
      id,
      artist: { id, name, slug: name.toLowerCase().replace(/ /g, '-') },
      billing,
      day: null,
      stage: null,
      starts_at: null,
      ends_at: null,
    });
    const meta = festivalShareMeta(
      {
        ...festival,
        edition: { id: 1, year: 2031, status: 'confirmed' },
        lineup: [entry(1, 'Ben UFO', 'regular'), entry(2, 'Jeff Mills', 'headliner')],
        tickets: {
          price_from: 95,
          price_to: 235,
          currency: 'EUR',
          ticket_url: 'https://tickets.example/dk',
          on_sale_at: null,
          sold_out: false,
        },
      },
      'https://festivales.example',
    );
    expect(meta.jsonLd.performer).toEqual([
      { '@type': 'MusicGroup', name: 'Jeff Mills', url: 'https://festivales.example/artista/2/jeff-mills' },
      { '@type': 'MusicGroup', name: 'Ben UFO', url: 'https://festivales.example/artista/1/ben-ufo' },
    ]);
    expect(meta.jsonLd.offers).toEqual({
      '@type': 'AggregateOffer',
      lowPrice: 95,
      highPrice: 235,
      priceCurrency: 'EUR',
      availability: 'https://schema.org/InStock',
      url: 'https://tickets.example/dk',
    });
    const cancelled = festivalShareMeta(
      {
        ...festival,
        edition: { id: 1, year: 2031, status: 'cancelled' },
        lineup: [],
        tickets: {
          price_from: 95,
          price_to: null,
          currency: 'EUR',
          ticket_url: null,
          on_sale_at: null,
          sold_out: true,
        },
      },
      'https://festivales.example',
    );
    expect(cancelled.jsonLd.eventStatus).toBe('https://schema.org/EventCancelled');
    expect(cancelled.jsonLd.performer).toBeUndefined();
    expect(cancelled.jsonLd.offers).toMatchObject({
      '@type': 'Offer',
      price: 95,
      availability: 'https://schema.org/SoldOut',
    });
  });

  it('cuts descriptions to 160 characters with ...', () => {
    const text = shareDescription({ ...festival, description: 'palabra '.repeat(60) });
    expect(text.length).toBeLessThanOrEqual(160);
    expect(text.endsWith('...')).toBe(true);
  });
});

describe('shareDescription on hostile descriptions', () => {
  it('reads only the start of a long description and stays quick on crafted markup', () => {
    const crafted = `Intro **real**. ${'[<'.repeat(10_000)}`;
    let best = Infinity;
    for (let i = 0; i < 3; i++) {
      const start = performance.now();
      shareDescription({ ...festival, description: crafted });
      best = Math.min(best, performance.now() - start);
    }
    expect(best).toBeLessThan(100);
    // Text past the first SHARE_MARKDOWN_INPUT characters is never read: here the preview falls back.
    const late = `${'*'.repeat(SHARE_MARKDOWN_INPUT)}Texto tardío`;
    expect(shareDescription({ ...festival, description: late })).toBe(
      shareDescription({ ...festival, description: null }),
    );
  });
});

describe('URL helpers', () => {
  it('keeps absolute image URLs and prefixes relative ones', () => {
    expect(absoluteUrl('https://cdn.example.com/a.jpg', 'https://x.es')).toBe('https://cdn.example.com/a.jpg');
    expect(absoluteUrl('//cdn.example.com/a.jpg', 'https://x.es')).toBe('https://cdn.example.com/a.jpg');
    expect(absoluteUrl('uploads/a.jpg', 'https://x.es/')).toBe('https://x.es/uploads/a.jpg');
  });

  it('builds the festival path with the slug rule of the SPA', () => {
    expect(festivalPath(3, 'Sónar by Day')).toBe('/festival/3/sonar-by-day');
    expect(festivalPath(3, '')).toBe('/festival/3');
  });
});
