import { Comment, Element, Text, type DOMNode } from 'html-react-parser';

/**
 * The sanitized document's nodes as the nodes html-react-parser converts (domhandler's, from the
 * classes html-react-parser itself exports): elements with their attributes and children, text and
 * comments, linked to their parent and siblings. What html-dom-parser's `formatDOM` does for a
 * browser DOM, without a second copy of domhandler in the bundle (html-dom-parser's ES build brings
 * its own, html-react-parser uses the CommonJS one). The sanitizer lets no SVG or MathML through, so
 * tag names are lower case.
 */
export function domNodes(nodes: NodeListOf<ChildNode>, parent: Element | null = null): DOMNode[] {
  const out: DOMNode[] = [];
  for (const node of nodes) {
    let current: Element | Text | Comment;
    if (node.nodeType === 1) {
      const element = node as HTMLElement;
      const name = element.nodeName.toLowerCase();
      const attribs: Record<string, string> = {};
      for (const attribute of element.attributes) attribs[attribute.name] = attribute.value;
      const created = new Element(name, attribs);
      created.children = domNodes(name === 'template' ? (element as HTMLTemplateElement).content.childNodes : element.childNodes, created) as Element['children'];
      current = created;
    } else if (node.nodeType === 3) current = new Text(node.nodeValue ?? '');
    else if (node.nodeType === 8) current = new Comment(node.nodeValue ?? '');
    else continue;
    const prev = (out.at(-1) as Element | Text | Comment | undefined) ?? null;
    if (prev) prev.next = current;
    current.parent = parent;
    current.prev = prev;
    current.next = null;
    out.push(current as DOMNode);
  }
  return out;
}
