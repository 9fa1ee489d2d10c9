import type { List, Paragraph, PhrasingContent, Root, RootContent } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import { visit } from 'unist-util-visit';

/**
 * The blocks the static pages need beyond Markdown, written as directives (remark-directive):
 *
 * - `:::lead` ... `:::`: its paragraph, in the muted colour (a help topic's introduction).
 * - `:::callout` ... `:::`: a highlighted box.
 * - `:::facts` with a list of `- **figure** explanation`: the row of key figures.
 * - `:::data` with a list of `- Term: value`: a definition list (the owner's data).
 * - `:::table{caption="..."}` around a table: the scrolling table with a caption for screen readers.
 * - `:::details[Question]` ... `:::`: a question that opens to its answer.
 */
export function remarkStaticBlocks() {
  return (tree: Root) => {
    visit(tree, 'containerDirective', (node: ContainerDirective) => {
      const build = blocks[node.name];
      if (!build) throw new Error(`Bloque desconocido en el texto: :::${node.name}`);
      build(node);
    });
  };
}

type Block = (node: ContainerDirective) => void;

const element = (node: { data?: unknown }, hName: string, className?: string) => {
  node.data = { ...(node.data as object), hName, hProperties: className ? { className: [className] } : {} };
};

/** A paragraph rendered as another block element, holding the given inline content. */
const block = (hName: string, children: PhrasingContent[]): Paragraph => ({
  type: 'paragraph',
  children,
  data: { hName },
});

/** Inline content wrapped in a span (an emphasis node renamed, so it may sit inside a paragraph). */
const span = (children: PhrasingContent[]): PhrasingContent => ({
  type: 'emphasis',
  children,
  data: { hName: 'span' },
});

/** The list items of a block, each as its paragraph's inline content. */
function listEntries(node: ContainerDirective): PhrasingContent[][] {
  const list = node.children.find((child): child is List => child.type === 'list');
  if (!list) throw new Error(`:::${node.name} espera una lista`);
  return list.children.map((item) => (item.children[0] as Paragraph | undefined)?.children ?? []);
}

/** The inline content with the leading white space of its first text removed. */
function trimStart(content: PhrasingContent[]): PhrasingContent[] {
  const [first, ...rest] = content;
  return first?.type === 'text' ? [{ ...first, value: first.value.replace(/^\s+/, '') }, ...rest] : content;
}

const blocks: Record<string, Block> = {
  lead(node) {
    const paragraph = node.children[0] as Paragraph;
    element(node, 'p', 'muted');
    node.children = paragraph.children as unknown as RootContent[] as ContainerDirective['children'];
  },
  callout(node) {
    element(node, 'div', 'sp-callout');
  },
  facts(node) {
    element(node, 'div', 'sp-facts');
    node.children = listEntries(node).map(([figure, ...text]) => ({
      type: 'paragraph',
      children: [figure, span(trimStart(text))],
      data: { hName: 'div', hProperties: { className: ['sp-fact'] } },
    }));
  },
  data(node) {
    element(node, 'dl', 'legal-data');
    node.children = listEntries(node).flatMap(([first, ...rest]) => {
      if (first?.type !== 'text' || !first.value.includes(': ')) throw new Error(':::data espera «Término: valor»');
      const at = first.value.indexOf(': ');
      return [
        block('dt', [{ type: 'text', value: first.value.slice(0, at) }]),
        block(
          'dd',
          trimStart([{ type: 'text', value: first.value.slice(at + 2) }, ...rest]).filter(
            (c) => c.type !== 'text' || c.value,
          ),
        ),
      ];
    });
  },
  table(node) {
    const caption = String(node.attributes?.caption ?? '');
    // A table wider than a phone scrolls sideways in its box: focusable and named, so a keyboard can scroll it.
    node.data = {
      ...node.data,
      hName: 'div',
      hProperties: { className: ['sp-table-wrap'], tabIndex: 0, role: 'region', ariaLabel: caption || 'Tabla' },
    };
    const table = node.children.find((child) => child.type === 'table');
    if (!table) throw new Error(':::table espera una tabla');
    table.data = { ...table.data, hProperties: { dataCaption: caption } };
  },
  details(node) {
    element(node, 'details');
    const label = node.children[0] as Paragraph;
    if (label?.data && 'directiveLabel' in label.data && label.data.directiveLabel) element(label, 'summary');
  },
};
