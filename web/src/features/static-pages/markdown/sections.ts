import { AEPD_URL, contactChannels, ownerPlaceholders } from '../contact-channels';

export interface TextSection {
  id: string;
  title: string;
  /** The section's Markdown, without its heading. */
  body: string;
}

/** Plain text inside Markdown: the owner placeholders' brackets must not read as links. */
const escape = (text: string) => text.replace(/[[\]\\*_`]/g, (c) => `\\${c}`);
const mail = (address: string) => `[${address}](mailto:${address})`;

/** What {{name}} stands for in the texts: the owner's data and mailboxes of contact-channels.ts. */
const placeholders: Record<string, string> = {
  'owner.name': escape(ownerPlaceholders.name),
  'owner.taxId': escape(ownerPlaceholders.taxId),
  'owner.address': escape(ownerPlaceholders.address),
  'owner.registry': escape(ownerPlaceholders.registry),
  'mail.legal': mail(contactChannels.legal),
  'mail.privacy': mail(contactChannels.privacy),
  'mail.support': mail(contactChannels.support),
  aepd: AEPD_URL,
};

/**
 * A page's text cut into its sections: every "## Title {#id}" line starts one. The text before the
 * first is the introduction; HTML comments (notes for whoever edits the text) are dropped.
 */
export function textSections(markdown: string): { intro: string; sections: TextSection[] } {
  const filled = markdown.replace(/<!--[\s\S]*?-->/g, '').replace(/\{\{([\w.]+)\}\}/g, (match, name: string) => {
    if (!(name in placeholders)) throw new Error(`Marcador desconocido en el texto: ${match}`);
    return placeholders[name];
  });
  const [intro, ...rest] = filled.split(/^## /m);
  const sections = rest.map((chunk) => {
    const newline = chunk.indexOf('\n');
    const heading = /^(.*?)\s*\{#([\w-]+)\}\s*$/.exec(chunk.slice(0, newline < 0 ? undefined : newline));
    if (!heading) throw new Error(`Sección sin {#id}: ## ${chunk.slice(0, 60)}`);
    return { title: heading[1], id: heading[2], body: newline < 0 ? '' : chunk.slice(newline + 1).trim() };
  });
  return { intro: intro.trim(), sections };
}
