/** What a message says; the layout turns it into our HTML and its plain-text twin. */
export interface MailContent {
  subject: string;
  /** The first line, above everything else. */
  heading: string;
  paragraphs: string[];
  /** Festivals or other links listed under the text (digests). */
  items?: MailItem[];
  /** The one button of the message. */
  action?: { label: string; url: string };
  /** Why this address receives the message, printed above the unsubscribe link. */
  reason: string;
}

export interface MailItem {
  title: string;
  url: string;
  /** One line under the title: dates and place. */
  detail?: string;
}

const ACCENT = '#ff2bd6';
const INK = '#1b1735';
const MUTED = '#5b5680';
const FONT = "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/**
 * The site's look in the form mail programs honour: tables, inline styles, no web fonts or
 * scripts. A light card on the site's dark background with the brand gradient, since many mail
 * programs force dark text on their own white page.
 */
/** `unsubscribeUrl` undefined: a message the recipient asked for just now (a code), with no list to leave. */
export function renderHtml(content: MailContent, unsubscribeUrl: string | undefined): string {
  const paragraphs = content.paragraphs
    .map((p) => `<p style="margin:0 0 16px;line-height:1.55">${escapeHtml(p)}</p>`)
    .join('');
  const items = content.items?.length
    ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:8px 0 20px">${content.items
        .map(
          (item) =>
            `<tr><td style="padding:10px 0;border-top:1px solid #e6e3f5"><a href="${escapeHtml(item.url)}" ` +
            `style="color:${INK};font-weight:700;text-decoration:none">${escapeHtml(item.title)}</a>` +
            (item.detail
              ? `<div style="color:${MUTED};font-size:14px;margin-top:2px">${escapeHtml(item.detail)}</div>`
              : '') +
            '</td></tr>',
        )
        .join('')}</table>`
    : '';
  const action = content.action
    ? `<p style="margin:8px 0 24px"><a href="${escapeHtml(content.action.url)}" ` +
      `style="display:inline-block;background:${ACCENT};color:#ffffff;font-weight:700;text-decoration:none;` +
      `padding:12px 22px;border-radius:10px">${escapeHtml(content.action.label)}</a></p>`
    : '';
  const head =
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">' +
    `<title>${escapeHtml(content.subject)}</title></head>`;
  return `<!doctype html>
<html lang="es">${head}
<body style="margin:0;padding:0;background:#0d0b1a;font-family:${FONT};color:${INK}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#0d0b1a"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px">
<tr><td style="padding:0 4px 16px;font-size:24px;font-weight:800;color:#f4f2ff">Festivales</td></tr>
<tr><td style="height:4px;background:linear-gradient(90deg,#ff2bd6,#8b5cf6 55%,#00e5ff);background-color:${ACCENT};border-radius:4px 4px 0 0"></td></tr>
<tr><td style="background:#ffffff;padding:28px 28px 12px;border-radius:0 0 14px 14px;font-size:16px">
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:${INK}">${escapeHtml(content.heading)}</h1>
${paragraphs}${items}${action}
</td></tr>
<tr><td style="padding:16px 4px;color:#b9b3d6;font-size:13px;line-height:1.5">${escapeHtml(content.reason)}${
    unsubscribeUrl ? `<br>\n<a href="${escapeHtml(unsubscribeUrl)}" style="color:#00e5ff">Darme de baja</a>` : ''
  }</td></tr>
</table></td></tr></table>
</body></html>`;
}

export function renderText(content: MailContent, unsubscribeUrl: string | undefined): string {
  const lines = [content.heading, '', ...content.paragraphs.flatMap((p) => [p, ''])];
  for (const item of content.items ?? [])
    lines.push(`- ${item.title}${item.detail ? ` (${item.detail})` : ''}`, `  ${item.url}`);
  if (content.items?.length) lines.push('');
  if (content.action) lines.push(`${content.action.label}: ${content.action.url}`, '');
  lines.push('--', 'Festivales', content.reason);
  if (unsubscribeUrl) lines.push(`Darme de baja: ${unsubscribeUrl}`);
  return lines.join('\n');
}
