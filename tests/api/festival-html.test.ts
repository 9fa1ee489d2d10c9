import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setIndexHtmlLoader } from '../../functions/pages/app';
import { festivalHeroHtml, heroIcons } from '../../functions/pages/festival-html';
import { api } from '../support/api';
import { createFestival } from '../support/fixtures';

// index.html as the build writes it: the site's stylesheet holds the hero's styles.
const INDEX = `<!doctype html>
<html lang="es">
  <head>
    <title>Festivales</title>
    <!--app-head-->
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head>
  <body><div id="root"><header class="site-header boot-header"></header></div></body>
</html>`;

const festival = {
  id: 12,
  name: 'Noche <Larga> & "Clara"',
  status: 'approved',
  image_url: null,
  start_date: '2031-06-18',
  end_date: '2031-06-20',
  location: 'Bilbao, España',
  website: 'https://noche.example/',
  genres: ['Techno'],
  averageRating: 4.4,
  ratingsCount: 12,
};

describe('the festival hero in the server HTML', () => {
  it('draws the stock artwork the page draws, the name, dates, place, website and rating', () => {
    const html = festivalHeroHtml(festival, null, new Date('2031-01-01T12:00:00Z'));
    // Festival 12 shows stock artwork festival-6, in the AVIF widths the preload names.
    expect(html).toContain(
      '<source type="image/avif" srcset="/images/stock/festival-6-sm.avif 400w, /images/stock/festival-6-md.avif 800w, ' +
        '/images/stock/festival-6-lg.avif 1600w" sizes="100vw">',
    );
    expect(html).toContain('src="/images/stock/festival-6-lg.jpg"');
    expect(html).toContain('<h1 class="hero-title">Noche &lt;Larga&gt; &amp; &quot;Clara&quot;</h1>');
    expect(html).toContain('18 de junio de 2031 - 20 de junio de 2031');
    expect(html).toContain('Bilbao, España');
    expect(html).toContain('<span class="badge badge-info">Próximo</span>');
    expect(html).toContain('<strong>4.4</strong><span class="muted">(12 valoraciones)</span>');
    expect(html.match(/star-full/g)).toHaveLength(4);
    expect(html).toContain('href="https://noche.example/" tabindex="-1"');
    // Out of reach of assistive technology and the keyboard: React's hero is the real one.
    expect(html.startsWith('<div class="boot-hero" aria-hidden="true" inert>')).toBe(true);
    for (const focusable of html.match(/<(a|button)\b[^>]*>/g) ?? []) expect(focusable).toContain('tabindex="-1"');
  });

  it('has no hero for an uploaded image (the web rewrites its address) nor an own image without copies', () => {
    expect(festivalHeroHtml({ ...festival, image_url: '/uploads/festivals/x.jpg' }, null)).toBe('');
    expect(festivalHeroHtml({ ...festival, image_url: 'https://cdn.example.com/x.jpg' }, null)).toBe('');
    expect(festivalHeroHtml({ ...festival, averageRating: 0 }, null)).toContain('Sin valoraciones aún');
  });

  it("keeps lucide-react's icon shapes", async () => {
    for (const [name, node] of Object.entries(heroIcons)) {
      const module = (await import(`../../node_modules/lucide-react/dist/esm/icons/${name}.mjs`)) as {
        __iconData: { node: [string, Record<string, string>][] };
      };
      const shapes = module.__iconData.node.map(([tag, { key: _key, ...attrs }]) => [tag, attrs]);
      expect(node, name).toEqual(shapes);
    }
  });
});

describe('GET /festival/{id}/{slug} with the hero', () => {
  let id: number;
  beforeAll(async () => {
    setIndexHtmlLoader(async () => INDEX);
    id = await createFestival({ name: 'Festival con Héroe', imageUrl: '/images/stock/festival-2-md.jpg' });
  });
  afterAll(() => setIndexHtmlLoader(undefined));

  it('draws the hero after the app root, with no stylesheet besides the site one to wait for', async () => {
    const res = await api('GET', `/festival/${id}/festival-con-heroe`);
    expect(res.status).toBe(200);
    const html = res.text;
    expect(html.match(/<link rel="stylesheet"[^>]*>/g)).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/index-abc.css">',
    ]);
    expect(html).toMatch(
      /<\/header><\/div><div class="boot-hero"[^>]*>[\s\S]*<h1 class="hero-title">Festival con Héroe<\/h1>[\s\S]*<\/div><\/body>/,
    );
    expect(html).toContain('srcset="/images/stock/festival-2-sm.avif 400w');
  });

  it("leaves 'Mi horario' without the hero", async () => {
    const res = await api('GET', `/festival/${id}/festival-con-heroe/horario`);
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('boot-hero');
  });
});
