import { XMLParser, XMLValidator } from "fast-xml-parser";

/**
 * RSS and Atom documents as a tree of elements with attributes and text, read by
 * fast-xml-parser. CDATA is kept verbatim; in text and attribute values only the five XML
 * entities and numeric references are decoded. Comments, processing instructions and the
 * DOCTYPE are skipped, and entities declared in a DOCTYPE are never expanded (no "billion
 * laughs", no external entities). A document that is not well-formed (unclosed or mismatched
 * tags, broken attributes) throws XmlError. The size of the input is bounded by whoever fetched
 * it (the feed's fetch policy).
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

/** Elements nested deeper than this are refused. */
const MAX_DEPTH = 100;
const TEXT = "#text";
const CDATA = "#cdata";
const ATTRIBUTES = ":@";

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: "",
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  cdataPropName: CDATA,
  // Entities stay as written (decodeXmlEntities below reads the predefined ones).
  processEntities: false,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  // The parser counts the ancestors of an opening element; the document node is not one.
  maxNestedTags: MAX_DEPTH - 1,
});

/** fast-xml-parser's ordered output: one key per node (its name, #text or #cdata), plus :@. */
type OrderedNode = { [name: string]: OrderedNode[] | string } & {
  [ATTRIBUTES]?: Record<string, string>;
};

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

/**
 * The document element. The parser builds the tree and sees unclosed comments, CDATA and
 * processing instructions; the validator then checks the rest (tags, attributes, one root).
 */
export function parseXml(xml: string): XmlElement {
  let nodes: OrderedNode[] = [];
  let parseFailure: Error | null = null;
  try {
    nodes = parser.parse(xml) as OrderedNode[];
  } catch (error) {
    parseFailure = error as Error;
    const known = PARSER_FAILURES.get(parseFailure.message);
    if (known) throw new XmlError(known, { cause: error });
  }
  const roots = nodes.filter((node) => nodeName(node) !== undefined);
  const verdict = XMLValidator.validate(forValidation(xml));
  if (verdict !== true) throw new XmlError(describeInvalid(verdict.err, xml, roots.length > 0));
  if (parseFailure)
    throw new XmlError(describeParseFailure(parseFailure, xml), { cause: parseFailure });
  if (roots.length === 0) throw new XmlError("no root element (line 1)");
  if (roots.length > 1) throw new XmlError("more than one root element (line 1)");
  return toElement(roots[0]!);
}

function nodeName(node: OrderedNode): string | undefined {
  return Object.keys(node).find((key) => key !== ATTRIBUTES && key !== TEXT && key !== CDATA);
}

function toElement(node: OrderedNode): XmlElement {
  const name = nodeName(node)!;
  const attributes: Record<string, string> = {};
  for (const [key, value] of Object.entries(node[ATTRIBUTES] ?? {})) {
    attributes[key] = decodeXmlEntities(String(value));
  }
  const element: XmlElement = { name, attributes, children: [], text: "" };
  for (const child of node[name] as OrderedNode[]) {
    if (TEXT in child) element.text += decodeXmlEntities(String(child[TEXT]));
    else if (CDATA in child) {
      element.text += (child[CDATA] as OrderedNode[]).map((part) => part[TEXT] ?? "").join("");
    } else element.children.push(toElement(child));
  }
  return element;
}

// ---------------------------------------------------------------------------------------------
// Saying what is wrong with a document, in the words operators see in ingest_runs

/** Failures only the parser sees (the validator reads an unclosed comment to the end). */
const PARSER_FAILURES = new Map([
  ["Comment is not closed.", "unclosed comment"],
  ["CDATA is not closed.", "unclosed CDATA section"],
  ["Pi Tag is not closed.", "unclosed processing instruction"],
  ["Unclosed DOCTYPE", "unclosed declaration"],
  ["Maximum nested tags exceeded", "elements nested too deeply"],
]);

function describeParseFailure(error: Error, xml: string): string {
  const tag = /^readTagExp returned undefined at position (\d+)/.exec(error.message);
  if (tag) return `invalid tag (line ${lineCount(xml.slice(0, Number(tag[1])))})`;
  return error.message;
}

/**
 * The text the validator checks. Feeds are sloppy, and what this reader accepted stays
 * accepted: a bare "&" is text (entities are decoded, or left as written, afterwards), and an
 * XML declaration may follow blank lines. Both are blanked out with the same length and lines.
 */
function forValidation(xml: string): string {
  return xml
    .replaceAll("&", "*")
    .replace(/<\?xml\b[\s\S]*?\?>/g, (declaration) => declaration.replace(/[^\n]/g, " "));
}

type ValidatorError = { code: string; msg: string; line: number };
type Describe = (match: RegExpExecArray, xml: string, hasRoot: boolean) => string;

const lineCount = (text: string) => text.split("\n").length;

const VALIDATOR_MESSAGES: Array<[RegExp, Describe, "end" | "start" | "error"]> = [
  [
    /^Expected closing tag '(.*)' \(.*\) instead of closing tag '(.*)'\.$/,
    (match) => `</${match[2]}> does not close <${match[1]}>`,
    "error",
  ],
  [/^Unclosed tag '(.*)'\.$/, (match) => `<${match[1]}> is never closed`, "end"],
  [
    /^Invalid '(\[.*\])' found\.$/,
    (match) => `<${(JSON.parse(match[1]!) as string[]).at(-1)}> is never closed`,
    "end",
  ],
  [/^Closing tag '(.*)' has not been opened\.$/, (match) => `unexpected </${match[1]}>`, "error"],
  [/^Closing tag '.*' doesn't have proper closing\.$/, () => "unclosed end tag", "error"],
  [
    /^Attributes for '(.*)' have open quote\.$/,
    (match, xml) => `unclosed attribute ${unclosedAttribute(xml) ?? `in <${match[1]}>`}`,
    "error",
  ],
  [/^Attribute '(.*)' is without value\.$/, (match) => `unquoted attribute ${match[1]}`, "error"],
  [
    /^boolean attribute '(.*)' is not allowed\.$/,
    (match) => `attribute ${match[1]} has no value`,
    "error",
  ],
  [/^Tag '.*' is an invalid name\.$|^Invalid space after '<'\.$/, () => "invalid tag", "error"],
  [/^Multiple possible root nodes found\.$/, () => "more than one root element", "error"],
  [/^Start tag expected\.$/, () => "no root element", "start"],
  [
    /^char '.*' is not expected\.$|^Extra text at the end$/,
    (_match, _xml, hasRoot) => (hasRoot ? "text outside the root element" : "no root element"),
    "start",
  ],
];

function describeInvalid(error: ValidatorError, xml: string, hasRoot: boolean): string {
  for (const [pattern, describe, at] of VALIDATOR_MESSAGES) {
    const match = pattern.exec(error.msg);
    if (!match) continue;
    const line = at === "end" ? lineCount(xml) : at === "start" ? 1 : error.line;
    return `${describe(match, xml, hasRoot)} (line ${line})`;
  }
  return `${error.msg.replace(/\.$/, "")} (line ${error.line})`;
}

/** The name of the attribute whose opening quote is never closed. */
function unclosedAttribute(xml: string): string | undefined {
  for (const match of xml.matchAll(/([^\s=<>"'/]+)\s*=\s*(["'])/g)) {
    if (xml.indexOf(match[2]!, match.index + match[0].length) === -1) return match[1];
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Reading the tree

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
