import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

/**
 * Makes the web app manifest's PNG icons from public/favicon.svg: 192 and 512 px as drawn, and a
 * 512 px maskable one (full-bleed background, the letter inside the central safe zone, since a
 * launcher may cut the icon to a circle). The PNGs are committed; run this again after changing
 * the favicon: `npx tsx tools/build/pwa-icons.ts`.
 */
const root = path.resolve(import.meta.dirname, "../..");
const favicon = readFileSync(path.join(root, "public/favicon.svg"), "utf8");
const glyph = /<path[^>]*\/>/.exec(favicon)?.[0];
const background = /<rect[^>]*fill="([^"]+)"/.exec(favicon)?.[1];
if (!glyph || !background) throw new Error("public/favicon.svg: expected a <rect> and a <path>");

// The letter's box is about x 18–49, y 16–48: scaled to 70 % around the middle it stays within
// the maskable safe zone (a circle of 80 % of the width).
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${background}"/><g transform="translate(32 32) scale(0.7) translate(-33.5 -32)">${glyph}</g></svg>`;

const outputs: Array<[string, string, number]> = [
  ["icon-192.png", favicon, 192],
  ["icon-512.png", favicon, 512],
  ["icon-maskable-512.png", maskable, 512],
];
for (const [name, svg, size] of outputs) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(root, "public/icons", name));
  console.log(`public/icons/${name}`);
}
