import { formatDateRange } from '#core/dates';
import { isSoon, isUpcoming } from '#core/festival-filters';
import { stockFile, stockName, stockNameOfUrl, stockSrcSet } from '#core/stock-images';
import type { ImageInfo } from '#core/responses/media';

/**
 * The festival page's hero (picture, title, dates, place, rating) as static HTML, written by the
 * pages function into the page it serves, so the hero, the page's largest paint, is drawn with the
 * first paint instead of after the code, the festival's data and React's render (seconds later on a
 * phone). The markup and classes are those of FestivalHero
 * (web/src/features/festival-detail/components/festival-hero.tsx), so it looks and measures the
 * same; its styles are in the site's stylesheet (web/src/styles/festival-hero.css), so its first
 * paint waits for no stylesheet of the festival page.
 *
 * It lies over the page, out of the flow (`.boot-hero`, festival-hero.css): what React draws beneath
 * it never moves, and React's hero removes it once its own picture is ready (no layout shift, no
 * flash). Hidden from assistive technology and inert, out of the tab order (the real hero's title,
 * links and buttons arrive with React), and it lets clicks through.
 */

export interface HeroFestival {
  id: number;
  name: string;
  status: string;
  image_url: string | null;
  start_date: string | null;
  end_date: string | null;
  location: string | null;
  website: string | null;
  genres: string[];
  averageRating: number;
  ratingsCount: number;
}

const escapeHtml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

type IconNode = [string, Record<string, string>][];

/**
 * Lucide's icons as lucide-react draws them (their shapes copied from lucide-react's icon data;
 * tests/api/festival-html.test.ts checks they still agree), so the static hero needs no React.
 */
export const heroIcons: Record<string, IconNode> = {
  'arrow-left': [
    ['path', { d: 'm12 19-7-7 7-7' }],
    ['path', { d: 'M19 12H5' }],
  ],
  'share-2': [
    ['circle', { cx: '18', cy: '5', r: '3' }],
    ['circle', { cx: '6', cy: '12', r: '3' }],
    ['circle', { cx: '18', cy: '19', r: '3' }],
    ['line', { x1: '8.59', x2: '15.42', y1: '13.51', y2: '17.49' }],
    ['line', { x1: '15.41', x2: '8.59', y1: '6.51', y2: '10.49' }],
  ],
  heart: [
    [
      'path',
      {
        d:
          'M2 9.5a5.5 5.5 0 0 1 9.591-3.676.56.56 0 0 0 .818 0A5.49 5.49 0 0 1 22 9.5' +
          'c0 2.29-1.5 4-3 5.5l-5.492 5.313a2 2 0 0 1-3 .019L5 15c-1.5-1.5-3-3.2-3-5.5',
      },
    ],
  ],
  calendar: [
    ['path', { d: 'M8 2v3' }],
    ['path', { d: 'M16 2v3' }],
    ['rect', { x: '3', y: '3', width: '18', height: '18', rx: '2' }],
    ['path', { d: 'M3 9h18' }],
  ],
  'map-pin': [
    [
      'path',
      { d: 'M20 10c0 4.993-5.539 10.193-7.399 11.799a1 1 0 0 1-1.202 0C9.539 20.193 4 14.993 4 10a8 8 0 0 1 16 0' },
    ],
    ['circle', { cx: '12', cy: '10', r: '3' }],
  ],
  'external-link': [
    ['path', { d: 'M15 3h6v6' }],
    ['path', { d: 'M10 14 21 3' }],
    ['path', { d: 'M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6' }],
  ],
  star: [
    [
      'path',
      {
        d:
          'M11.525 2.295a.53.53 0 0 1 .95 0l2.31 4.679a2.123 2.123 0 0 0 1.595 1.16l5.166.756' +
          'a.53.53 0 0 1 .294.904l-3.736 3.638a2.123 2.123 0 0 0-.611 1.878l.882 5.14a.53.53 0 0 1-.771.56' +
          'l-4.618-2.428a2.122 2.122 0 0 0-1.973 0L6.396 21.01a.53.53 0 0 1-.77-.56l.881-5.139' +
          'a2.122 2.122 0 0 0-.611-1.879L2.16 9.795a.53.53 0 0 1 .294-.906l5.165-.755a2.122 2.122 0 0 0 1.597-1.16z',
      },
    ],
  ],
};

function icon(name: keyof typeof heroIcons, className = 'icon', fill = 'none'): string {
  const shapes = heroIcons[name]
    .map(
      ([tag, attrs]) =>
        `<${tag} ${Object.entries(attrs)
          .map(([k, v]) => `${k}="${v}"`)
          .join(' ')}></${tag}>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="${fill}" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="lucide lucide-${name} ${className}" aria-hidden="true">${shapes}</svg>`;
}

/** The hero's <picture>, as StockPicture or Photo draw it; null for an own image without copies (the web may rewrite its URL). */
function heroPicture(festival: HeroFestival, image: ImageInfo | null): string | null {
  const stock = festival.image_url ? stockNameOfUrl(festival.image_url) : stockName(festival.id);
  const img = (attrs: string) => `<img class="hero-bg" alt="" ${attrs} fetchpriority="high" decoding="async">`;
  const picture = (avif: string, webp: string, imgAttrs: string) =>
    '<picture class="photo-picture">' +
    `<source type="image/avif" srcset="${avif}" sizes="100vw">` +
    `<source type="image/webp" srcset="${webp}" sizes="100vw">` +
    img(imgAttrs) +
    '</picture>';
  if (stock) {
    return picture(
      stockSrcSet(stock, 'avif'),
      stockSrcSet(stock, 'webp'),
      `width="1600" height="900" sizes="100vw" srcset="${stockSrcSet(stock, 'jpg')}" src="${stockFile(stock, 'lg', 'jpg')}"`,
    );
  }
  if (!festival.image_url || !image?.sources.length || festival.image_url.startsWith('/uploads')) return null;
  const set = (type: string) =>
    escapeHtml(
      image.sources
        .filter((s) => s.type === type)
        .map((s) => `${s.url} ${s.width}w`)
        .join(', '),
    );
  return picture(
    set('image/avif'),
    set('image/webp'),
    `width="${image.width}" height="${image.height}" sizes="100vw" loading="eager" src="${escapeHtml(festival.image_url)}"`,
  );
}

/** The static hero, or '' when its picture cannot be the one the page draws. */
export function festivalHeroHtml(festival: HeroFestival, image: ImageInfo | null, now: Date = new Date()): string {
  const picture = heroPicture(festival, image);
  if (picture === null) return '';
  const badges = [
    festival.status === 'pending' ? '<span class="badge badge-warning">Pendiente de aprobación</span>' : '',
    isSoon(festival, now) ? '<span class="badge badge-accent">Próximamente</span>' : '',
    !isSoon(festival, now) && isUpcoming(festival, now) ? '<span class="badge badge-info">Próximo</span>' : '',
  ].join('');
  const filled = Math.round(festival.averageRating);
  const stars = [1, 2, 3, 4, 5]
    .map((n) => icon('star', n <= filled ? 'icon star-full' : 'icon star-empty', n <= filled ? 'currentColor' : 'none'))
    .join('');
  const rating =
    festival.averageRating > 0
      ? `<span class="stars" aria-hidden="true">${stars}</span> <strong>${festival.averageRating.toFixed(1)}</strong>` +
        `<span class="muted">(${festival.ratingsCount} valoraciones)</span>`
      : '<span class="muted">Sin valoraciones aún</span>';
  // Real links and buttons, as React draws them (same styles), kept out of the tab order.
  const website = festival.website
    ? `<li><a href="${escapeHtml(festival.website)}" tabindex="-1" rel="noopener noreferrer">Web oficial ${icon('external-link')}</a></li>`
    : '';
  return (
    '<div class="boot-hero" aria-hidden="true" inert>' +
    '<div class="festival-page"><section class="hero">' +
    picture +
    '<div class="hero-shade"></div><div class="container hero-inner">' +
    `<div class="hero-top"><a class="btn btn-sm hero-back" href="/" tabindex="-1">${icon('arrow-left')} Volver</a>` +
    `<div class="hero-actions"><button type="button" class="btn btn-icon hero-action" tabindex="-1">${icon('share-2')}</button>` +
    `<button type="button" class="fav-btn" tabindex="-1">${icon('heart')}</button></div></div>` +
    `<div class="hero-body"><div class="hero-badges">${badges}</div>` +
    `<h1 class="hero-title">${escapeHtml(festival.name)}</h1>` +
    '<ul class="hero-meta">' +
    `<li>${icon('calendar')} ${escapeHtml(formatDateRange(festival.start_date, festival.end_date))}</li>` +
    `<li>${icon('map-pin')} ${escapeHtml(festival.location || 'Ubicación no especificada')}</li>` +
    website +
    `<li>${rating}</li>` +
    '</ul></div></div></section></div></div>'
  );
}

/** The page with the static hero at the end of <body> (its styles are in the site's stylesheet). */
export function withStaticHero(html: string, hero: string): string {
  return hero ? html.replace(/<\/body>/i, () => `${hero}</body>`) : html;
}
