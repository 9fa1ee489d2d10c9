import { useEffect } from 'react';
import { artistShareMeta, festivalShareMeta, type ShareArtist, type ShareFestival, type ShareMeta } from '#core/share';

/** What web/index.html says when no festival is shown. */
const DEFAULT_TITLE = 'Festivales - Descubre tu próximo festival de música electrónica';
const DEFAULT_DESCRIPTION =
  'Descubre festivales de música electrónica en Europa: fechas, mapa, calendario, valoraciones y fotos de la comunidad.';

function setMeta(attr: 'name' | 'property', key: string, content: string) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    el.dataset.share = '';
    document.head.append(el);
  }
  el.content = content;
}

/**
 * Keeps the share metadata of a festival page current while the SPA navigates: the
 * server writes it into the HTML of /festival/{id}/{slug} for link previews; this hook replaces it
 * when another festival is shown and removes it when leaving. Same builder as the server (core/share).
 */
export function useFestivalShareMeta(festival: ShareFestival | null | undefined) {
  useShareMeta(festival, festivalShareMeta);
}

/** The same for an artist page (/artista/{id}/{slug}), whose server HTML carries its own preview. */
export function useArtistShareMeta(artist: ShareArtist | null | undefined) {
  useShareMeta(artist, artistShareMeta);
}

function useShareMeta<T>(subject: T | null | undefined, build: (subject: T, baseUrl: string) => ShareMeta) {
  useEffect(() => {
    if (!subject) return;
    const meta = build(subject, window.location.origin);
    document.title = meta.title;
    setMeta('name', 'description', meta.description);
    for (const [key, value] of [
      ['og:type', 'website'],
      ['og:site_name', 'Festivales'],
      ['og:title', meta.title],
      ['og:description', meta.description],
      ['og:url', meta.url],
      ['og:image', meta.image],
      ['og:image:alt', meta.imageAlt],
    ]) {
      setMeta('property', key, value);
    }
    for (const [key, value] of [
      ['twitter:card', 'summary_large_image'],
      ['twitter:title', meta.title],
      ['twitter:description', meta.description],
      ['twitter:image', meta.image],
      ['twitter:image:alt', meta.imageAlt],
    ]) {
      setMeta('name', key, value);
    }
    let canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (!canonical) {
      canonical = document.createElement('link');
      canonical.rel = 'canonical';
      canonical.dataset.share = '';
      document.head.append(canonical);
    }
    canonical.href = meta.url;
    let jsonLd = document.head.querySelector<HTMLScriptElement>('script[type="application/ld+json"]');
    if (!jsonLd) {
      jsonLd = document.createElement('script');
      jsonLd.type = 'application/ld+json';
      jsonLd.dataset.share = '';
      document.head.append(jsonLd);
    }
    jsonLd.textContent = JSON.stringify(meta.jsonLd);
    return () => {
      for (const el of document.head.querySelectorAll('[data-share]')) el.remove();
      document.head.querySelector('link[rel="canonical"]')?.remove();
      document.head.querySelector('script[type="application/ld+json"]')?.remove();
      document.title = DEFAULT_TITLE;
      setMeta('name', 'description', DEFAULT_DESCRIPTION);
    };
  }, [subject, build]);
}
