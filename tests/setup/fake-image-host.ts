import type { IncomingMessage, ServerResponse } from "node:http";
import sharp from "sharp";
import { listenOnLoopback } from "./loopback-server";

/**
 * A stand-in for Udemy's image CDN on 127.0.0.1: a real photo, and each kind of bad image the
 * server must refuse. Paths: /photo.jpg, /photo.png, /huge.jpg (20 MB, declared or streamed),
 * /image.svg, /notes.txt, /broken (HTTP 500), /missing (404), /elsewhere (a redirect off host),
 * and /colour-<0–255>.png: a small photo of its own per number (so its own stored copy).
 */
export type FakeImageHost = {
  base: string;
  /** Requests received per path. */
  hits(path: string): number;
  close(): Promise<void>;
};

export const HUGE_IMAGE_BYTES = 20 * 1024 * 1024;

export async function startFakeImageHost(): Promise<FakeImageHost> {
  const photo = await sharp({
    create: { width: 1200, height: 675, channels: 3, background: { r: 200, g: 80, b: 40 } },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
  const png = await sharp({
    create: {
      width: 640,
      height: 480,
      channels: 4,
      background: { r: 0, g: 120, b: 200, alpha: 1 },
    },
  })
    .png()
    .toBuffer();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="750" height="422"><script>alert(1)</script><rect width="750" height="422" fill="red"/></svg>`;
  const counts = new Map<string, number>();
  const colour = (red: number) =>
    sharp({
      create: { width: 320, height: 180, channels: 3, background: { r: red, g: 90, b: 60 } },
    })
      .png()
      .toBuffer();

  const handler = (request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? "/", "http://x").pathname;
    counts.set(path, (counts.get(path) ?? 0) + 1);
    const send = (type: string, body: Buffer | string) => {
      response.writeHead(200, { "content-type": type });
      response.end(body);
    };
    switch (path) {
      case "/photo.jpg":
        return send("image/jpeg", photo);
      case "/photo.png":
        return send("image/png", png);
      case "/huge-declared.jpg":
        response.writeHead(200, {
          "content-type": "image/jpeg",
          "content-length": HUGE_IMAGE_BYTES,
        });
        return response.end(Buffer.alloc(HUGE_IMAGE_BYTES, 0xff));
      case "/huge.jpg": {
        // No length announced: the server must stop reading on its own.
        response.writeHead(200, { "content-type": "image/jpeg" });
        response.write(photo.subarray(0, 1024));
        return response.end(Buffer.alloc(HUGE_IMAGE_BYTES, 0xff));
      }
      case "/image.svg":
        // Claims to be a JPEG: only the bytes count.
        return send("image/jpeg", svg);
      case "/notes.txt":
        return send("image/jpeg", "These are not the pixels you are looking for.\n".repeat(20));
      case "/broken":
        response.writeHead(500);
        return response.end();
      case "/elsewhere":
        response.writeHead(302, { location: "http://127.0.0.2:9/photo.jpg" });
        return response.end();
      default: {
        const numbered = /^\/colour-(\d{1,3})\.png$/.exec(path);
        if (numbered && Number(numbered[1]) <= 255) {
          void colour(Number(numbered[1])).then((png) => send("image/png", png));
          return;
        }
        response.writeHead(404);
        return response.end();
      }
    }
  };
  const server = await listenOnLoopback(handler);
  return { base: server.base, hits: (path) => counts.get(path) ?? 0, close: server.close };
}
