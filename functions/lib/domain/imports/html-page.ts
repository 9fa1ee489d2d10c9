import { Parser } from 'htmlparser2';
import { absoluteUrl, cleanText, emptyFestival, type ReadResult } from './read-result';

/** What an HTML page carries for an import: its JSON-LD blocks (raw text) and its share metadata. */
export interface HtmlParts {
  jsonLd: string[];
  /** Open Graph properties and named meta tags, lower-cased keys, first value kept. */
  meta: Map<string, string>;
  title: string | null;
}

/** One pass of htmlparser2 over the page (it reads broken markup as browsers do, and never runs it). */
export function htmlParts(html: string): HtmlParts {
  const jsonLd: string[] = [];
  const meta = new Map<string, string>();
  let title = '';
  let inJsonLd = false;
  let inTitle = false;
  let script = '';
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'script' && (attributes.type ?? '').trim().toLowerCase() === 'application/ld+json') {
          inJsonLd = true;
          script = '';
        } else if (name === 'title') {
          inTitle = true;
        } else if (name === 'meta') {
          const key = (attributes.property ?? attributes.name ?? '').trim().toLowerCase();
          const content = attributes.content;
          if (key && content !== undefined && !meta.has(key)) meta.set(key, content);
        }
      },
      ontext(text) {
        if (inJsonLd) script += text;
        else if (inTitle) title += text;
      },
      onclosetag(name) {
        if (name === 'script' && inJsonLd) {
          inJsonLd = false;
          if (script.trim()) jsonLd.push(script);
        } else if (name === 'title') {
          inTitle = false;
        }
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return { jsonLd, meta, title: title.trim() || null };
}

/** The last resort: Open Graph and the meta description give a name, a description and a picture. */
export function readOpenGraph(parts: HtmlParts, pageUrl: string): ReadResult {
  const festival = emptyFestival();
  const get = (...keys: string[]) => keys.map((k) => parts.meta.get(k)).find((v) => v && v.trim());
  festival.name = cleanText(get('og:title', 'twitter:title') ?? parts.title, 200);
  festival.description = cleanText(get('og:description', 'description', 'twitter:description'), 20000);
  festival.image_url = absoluteUrl(get('og:image', 'og:image:url', 'twitter:image'), pageUrl);
  festival.website = absoluteUrl(get('og:url') ?? pageUrl, pageUrl);
  return {
    kind: 'opengraph',
    festival,
    edition: null,
    lineup: [],
    tickets: [],
    warnings: [
      'La página no publica datos estructurados del evento: solo se han leído el nombre, la descripción y la imagen.',
    ],
  };
}
