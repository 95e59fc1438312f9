/**
 * A small, strict-enough XML reader for RSS and Atom feeds (no dependency). It builds a tree of
 * elements with attributes and text, reads CDATA verbatim, decodes the five XML entities and
 * numeric references, and skips comments, processing instructions and the DOCTYPE. Entities
 * declared in a DOCTYPE are never expanded (no "billion laughs", no external entities).
 * Malformed markup (unclosed or mismatched tags, broken attributes) throws XmlError.
 */
export type XmlElement = {
  /** Qualified name as written, e.g. "item", "content:encoded", "atom:link". */
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** Text and CDATA directly inside this element, in document order. */
  text: string;
};

export class XmlError extends Error {
  override name = "XmlError";
}

const MAX_DEPTH = 100;
const XML_ENTITIES: Record<string, string> = {
  lt: "<",
  gt: ">",
  amp: "&",
  quot: '"',
  apos: "'",
};

/** Decodes XML's predefined entities and character references; anything else stays as is. */
export function decodeXmlEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(
    /&(#[xX][0-9a-fA-F]{1,6}|#\d{1,7}|[a-zA-Z][\w.-]*);/g,
    (match, body: string) => {
      if (body.startsWith("#")) {
        const hex = body[1] === "x" || body[1] === "X";
        const codePoint = Number.parseInt(body.slice(hex ? 2 : 1), hex ? 16 : 10);
        const valid =
          codePoint > 0 && codePoint <= 0x10ffff && !(codePoint >= 0xd800 && codePoint <= 0xdfff);
        return valid ? String.fromCodePoint(codePoint) : "\uFFFD";
      }
      return XML_ENTITIES[body] ?? match;
    },
  );
}

const NAME = /^[A-Za-z_:][\w:.-]*/;

export function parseXml(xml: string): XmlElement {
  const root: XmlElement = { name: "#document", attributes: {}, children: [], text: "" };
  const stack: XmlElement[] = [root];
  let position = 0;
  const length = xml.length;

  const fail = (message: string, at = position): never => {
    const line = xml.slice(0, at).split("\n").length;
    throw new XmlError(`${message} (line ${line})`);
  };
  const current = () => stack[stack.length - 1]!;

  while (position < length) {
    const open = xml.indexOf("<", position);
    if (open === -1) {
      current().text += decodeXmlEntities(xml.slice(position));
      break;
    }
    if (open > position) current().text += decodeXmlEntities(xml.slice(position, open));

    if (xml.startsWith("<!--", open)) {
      const end = xml.indexOf("-->", open + 4);
      if (end === -1) fail("unclosed comment", open);
      position = end + 3;
    } else if (xml.startsWith("<![CDATA[", open)) {
      const end = xml.indexOf("]]>", open + 9);
      if (end === -1) fail("unclosed CDATA section", open);
      current().text += xml.slice(open + 9, end);
      position = end + 3;
    } else if (xml.startsWith("<?", open)) {
      const end = xml.indexOf("?>", open + 2);
      if (end === -1) fail("unclosed processing instruction", open);
      position = end + 2;
    } else if (xml.startsWith("<!", open)) {
      position = skipDeclaration(xml, open, fail);
    } else if (xml.startsWith("</", open)) {
      const end = xml.indexOf(">", open + 2);
      if (end === -1) fail("unclosed end tag", open);
      const name = xml.slice(open + 2, end).trim();
      const element = current();
      if (stack.length === 1) fail(`unexpected </${name}>`, open);
      if (element.name !== name) fail(`</${name}> does not close <${element.name}>`, open);
      stack.pop();
      position = end + 1;
    } else {
      const { element, selfClosing, end } = readStartTag(xml, open, fail);
      if (stack.length === 1 && root.children.length > 0) fail("more than one root element", open);
      current().children.push(element);
      if (!selfClosing) {
        if (stack.length > MAX_DEPTH) fail("elements nested too deeply", open);
        stack.push(element);
      }
      position = end;
    }
  }
  if (stack.length > 1) fail(`<${current().name}> is never closed`, length);
  const [documentElement] = root.children;
  if (!documentElement) fail("no root element", 0);
  if (root.text.trim() !== "") fail("text outside the root element", 0);
  return documentElement!;
}

function skipDeclaration(xml: string, open: number, fail: (message: string, at?: number) => never) {
  // <!DOCTYPE …> may carry an internal subset in [ … ]; its declarations are ignored.
  let depth = 0;
  for (let index = open + 2; index < xml.length; index += 1) {
    const char = xml[index];
    if (char === "[") depth += 1;
    else if (char === "]") depth -= 1;
    else if (char === ">" && depth <= 0) return index + 1;
  }
  return fail("unclosed declaration", open);
}

function readStartTag(
  xml: string,
  open: number,
  fail: (message: string, at?: number) => never,
): { element: XmlElement; selfClosing: boolean; end: number } {
  const nameMatch = NAME.exec(xml.slice(open + 1, open + 257));
  if (!nameMatch) return fail("invalid tag", open);
  const element: XmlElement = { name: nameMatch[0], attributes: {}, children: [], text: "" };
  let index = open + 1 + nameMatch[0].length;
  for (;;) {
    while (index < xml.length && /\s/.test(xml[index]!)) index += 1;
    if (index >= xml.length) return fail(`unclosed tag <${element.name}>`, open);
    if (xml[index] === ">") return { element, selfClosing: false, end: index + 1 };
    if (xml.startsWith("/>", index)) return { element, selfClosing: true, end: index + 2 };
    const attributeName = NAME.exec(xml.slice(index, index + 257));
    if (!attributeName) return fail(`invalid attribute in <${element.name}>`, index);
    index += attributeName[0].length;
    while (index < xml.length && /\s/.test(xml[index]!)) index += 1;
    if (xml[index] !== "=") return fail(`attribute ${attributeName[0]} has no value`, index);
    index += 1;
    while (index < xml.length && /\s/.test(xml[index]!)) index += 1;
    const quote = xml[index];
    if (quote !== '"' && quote !== "'")
      return fail(`unquoted attribute ${attributeName[0]}`, index);
    const close = xml.indexOf(quote, index + 1);
    if (close === -1) return fail(`unclosed attribute ${attributeName[0]}`, index);
    const raw = xml.slice(index + 1, close);
    if (raw.includes("<")) return fail(`"<" in attribute ${attributeName[0]}`, index);
    element.attributes[attributeName[0]] = decodeXmlEntities(raw);
    index = close + 1;
  }
}

/** The part of a qualified name after its prefix: "atom:link" → "link". */
export function localName(name: string): string {
  const colon = name.indexOf(":");
  return colon === -1 ? name : name.slice(colon + 1);
}

/** Direct children with this qualified name (or local name when `name` has no prefix). */
export function childrenNamed(element: XmlElement, name: string): XmlElement[] {
  const wantsPrefix = name.includes(":");
  return element.children.filter((child) =>
    wantsPrefix ? child.name === name : child.name === name || localName(child.name) === name,
  );
}

export function firstChild(element: XmlElement, ...names: string[]): XmlElement | undefined {
  for (const name of names) {
    const [found] = childrenNamed(element, name);
    if (found) return found;
  }
  return undefined;
}

/**
 * The element's own text followed by its descendants' (not interleaved): enough for feed
 * fields, whose text is either plain, escaped HTML, CDATA, or inline XHTML.
 */
export function deepText(element: XmlElement): string {
  return element.children.length === 0
    ? element.text
    : element.text + element.children.map(deepText).join(" ");
}

/** Every element anywhere below `element` whose local name is one of `names`. */
export function findAll(element: XmlElement, names: string[]): XmlElement[] {
  const found: XmlElement[] = [];
  const visit = (node: XmlElement) => {
    for (const child of node.children) {
      if (names.includes(localName(child.name))) found.push(child);
      else visit(child);
    }
  };
  visit(element);
  return found;
}

/** Attribute values of the element and all its descendants (links in XHTML content). */
export function deepAttributes(element: XmlElement): string[] {
  const values = Object.values(element.attributes);
  for (const child of element.children) values.push(...deepAttributes(child));
  return values;
}
