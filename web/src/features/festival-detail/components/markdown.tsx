import Markdown, { type Components } from 'react-markdown';

// Links open in a new tab. react-markdown escapes raw HTML by default; skipHtml drops it.
const components: Components = {
  a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer" />,
  h1: ({ node: _node, ...props }) => <h4 {...props} />,
  h2: ({ node: _node, ...props }) => <h4 {...props} />,
  h3: ({ node: _node, ...props }) => <h4 {...props} />,
  img: () => null,
};

export function MarkdownText({ children }: { children: string }) {
  return (
    <div className="markdown">
      <Markdown components={components} skipHtml>
        {children}
      </Markdown>
    </div>
  );
}
