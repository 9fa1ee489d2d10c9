import { describe, expect, it } from 'vitest';
import { renderFirstPaint } from './static-markup';

// What the build writes into index.html, from the app's components (src/boot/static-markup.tsx).
describe('the first paint rendered at build', () => {
  const { shell, mapFirstScreen } = renderFirstPaint();

  it('is the shell as the app first renders it: header, empty main, hidden cookie banner', () => {
    expect(shell).toMatch(/^<a class="skip-link" href="#main">Saltar al contenido<\/a><header class="site-header">/);
    expect(shell).toContain('<span class="brand-name gradient-text">Festivales</span>');
    for (const label of ['Inicio', 'Mapa', 'Favoritos', 'Calendario']) expect(shell).toContain(`>${label}</a>`);
    // Which screen is current is the app's to say, once it knows the address.
    expect(shell).not.toContain('nav-link active');
    expect(shell).not.toContain('aria-current="page"');
    expect(shell).toContain('<main id="main" tabindex="-1"></main>');
  });

  it('holds the cookie banner hidden, its buttons named for the boot entry', () => {
    const banner =
      /<section id="boot-cookie-banner" class="cookie-banner"[^>]*hidden=""[^>]*>([\s\S]*?)<\/section>/.exec(shell);
    expect(banner?.[1]).toContain('Tu privacidad importa');
    expect(banner?.[1]).toContain('<a href="/privacy-policy"');
    expect(banner?.[1]).toContain('data-choice="all">Aceptar Todas</button>');
    expect(banner?.[1]).toContain('data-choice="essential">Rechazar Todas</button>');
    expect(banner?.[1]).toContain('data-choice="configure">Configurar</button>');
  });

  it("holds the map page's first screen: its heading, loading status and the box the boot entry paints", () => {
    expect(mapFirstScreen).toMatch(/^<div class="page map-page"><div class="container"><div class="map-header">/);
    expect(mapFirstScreen).toContain('Mapa de <span class="gradient-text">festivales</span>');
    expect(mapFirstScreen).toContain(
      '<p class="muted map-status" role="status" aria-live="polite">Cargando festivales...</p>',
    );
    expect(mapFirstScreen).toContain(
      '<div class="map-frame card map-frame-preview"><div class="map-preview" aria-hidden="true"></div></div>',
    );
  });
});
