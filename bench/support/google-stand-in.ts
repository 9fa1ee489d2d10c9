/**
 * A stand-in for Google Identity Services of about the size and cost of the real one, for Lighthouse on
 * a site built with GOOGLE_CLIENT_ID (bench/lighthouse.ts): the machines that run the benchmarks
 * resolve no public name. `/gsi/client` is a script of about 250 KB (about 80 KB gzip, as Google's)
 * that the browser must parse and run, defining `google.accounts.id`; its renderButton draws the
 * button as Google does, in a frame of `/gsi/button`, a page with a script of about 100 KB of its own.
 * The code is generated (seeded, the same every run): functions with bodies that the engine compiles,
 * some of them run at load, so it costs main-thread time as well as bytes.
 */

/** Deterministic pseudo-random numbers, so every run serves the same bytes. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/** `count` generated functions, each a loop over a small table, and a start that runs every fourth one. */
function generatedCode(seed: number, count: number): string {
  const next = random(seed);
  const name = () => `_${Math.floor(next() * 1e9).toString(36)}`;
  const parts: string[] = [];
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const fn = name();
    names.push(fn);
    const table = Array.from({ length: 12 }, () => Math.floor(next() * 1e6));
    parts.push(
      `function ${fn}(a){var t=[${table.join(',')}],s=${Math.floor(next() * 1e4)},k="${name()}${name()}";` +
        `for(var i=0;i<t.length;i++){s=(s*31+t[i]^a)>>>0;if(s%7===${i % 7})k+=String.fromCharCode(97+s%26)}return k.length+s}`,
    );
  }
  parts.push(
    `var _start=0;${names
      .filter((_, i) => i % 4 === 0)
      .map((fn) => `_start+=${fn}(_start)`)
      .join(';')};`,
  );
  return parts.join('\n');
}

/** The button's frame: a page with its own script, as Google's. */
export const GOOGLE_BUTTON_HTML = `<!doctype html><html><head><meta charset="utf-8"><style>
button{font:500 14px/38px sans-serif;border-radius:20px;border:0;background:#202124;color:#fff;width:100%;height:40px}
</style><script>${generatedCode(2, 500)}</script></head><body style="margin:0"><button type="button">Iniciar sesión con Google</button></body></html>`;

/** Google's script: its API, the button in a frame of GOOGLE_BUTTON_HTML. */
export const GOOGLE_CLIENT_JS = `(function(){${generatedCode(1, 1150)}
var id={initialize:function(o){id._options=o},disableAutoSelect:function(){},
renderButton:function(el,o){var f=document.createElement('iframe');f.title='Botón de Iniciar sesión con Google';
f.src='https://accounts.google.com/gsi/button?width='+(o&&o.width||200);f.style.border='0';f.style.width=(o&&o.width||200)+'px';
f.style.height='44px';el.replaceChildren(f)}};
window.google=window.google||{};window.google.accounts={id:id};})();`;
