import { startFakeUdemy } from "../../setup/fake-udemy";
import { E2E_UDEMY_PORT } from "./env";

// The e2e server checks coupons with Udemy (UDEMY_CHECK=true) against this stand-in: every coupon
// is free until a spec says otherwise through POST /__fake/courses/<udemy id or slug>.
const udemy = await startFakeUdemy({ port: E2E_UDEMY_PORT });
console.log(`fake Udemy listening on ${udemy.baseUrl}`);
const stop = () => void udemy.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
