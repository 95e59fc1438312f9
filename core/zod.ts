import { z } from "zod";

// zod 4 compiles fast parsers with `new Function`, probing for it first. Our CSP forbids eval in
// the browser, so the probe is reported as a CSP violation on every page that parses anything.
// These schemas are small: parsing without the compiled fast path costs nothing noticeable.
z.config({ jitless: true });

export { z };
