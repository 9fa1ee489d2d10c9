import Markdown, { type Components } from 'react-markdown';
import { Link } from 'react-router-dom';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import { remarkStaticBlocks } from '../markdown/static-blocks';

// Our own texts, not user input: links inside the site stay in the SPA, others open in a new tab.
const components: Components = {
  a: ({ node: _node, href = '', ...props }) =>
    href.startsWith('/') ? (
      <Link to={href} {...props} />
    ) : /^https?:/.test(href) ? (
      <a href={href} target="_blank" rel="noopener noreferrer" {...props} />
    ) : (
      <a href={href} {...props} />
    ),
  table: ({ node, children, ...props }) => {
    const { 'data-caption': _caption, ...rest } = props as typeof props & { 'data-caption'?: string };
    const caption = node?.properties?.dataCaption;
    return (
      <table className="sp-table" {...rest}>
        {caption ? <caption className="visually-hidden">{String(caption)}</caption> : null}
        {children}
      </table>
    );
  },
  th: ({ node: _node, ...props }) => <th scope="col" {...props} />,
};

const remarkPlugins = [remarkGfm, remarkDirective, remarkStaticBlocks];

/** The legal and help texts (content/*.md), with the blocks of markdown/static-blocks.ts. */
export function StaticMarkdown({ children }: { children: string }) {
  return (
    <Markdown remarkPlugins={remarkPlugins} components={components}>
      {children}
    </Markdown>
  );
}
