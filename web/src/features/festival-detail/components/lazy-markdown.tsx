import { lazy } from 'react';

// The markdown renderer (about 35 KB compressed) is asked for as soon as the page's code runs, but
// the page does not wait for it: the description sits below the first screen, shown as plain
// paragraphs for the moment the renderer is still on its way.
const loadMarkdown = () => import('./markdown');
void loadMarkdown().catch(() => undefined);
export const MarkdownText = lazy(() => loadMarkdown().then((m) => ({ default: m.MarkdownText })));

/** The description as paragraphs of text, in the renderer's box, until the renderer arrives. */
export function PlainText({ children }: { children: string }) {
  return (
    <div className="markdown">
      {children
        .split(/\n\s*\n/)
        .filter((p) => p.trim())
        .map((p, i) => (
          <p key={i}>{p.trim()}</p>
        ))}
    </div>
  );
}
