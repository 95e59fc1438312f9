import { FAKE_BOT_TOKEN, startFakeTelegram } from "../../setup/fake-telegram";
import { E2E_TELEGRAM_PORT } from "./env";

// The e2e server's bot (TELEGRAM_BOT_TOKEN, TELEGRAM_API_BASE) long-polls this stand-in; a spec
// plays the user in Telegram through POST /__fake/start and reads replies at GET /__fake/sent.
const telegram = await startFakeTelegram({ port: E2E_TELEGRAM_PORT });
console.log(`fake Telegram listening on ${telegram.apiBase} (bot token ${FAKE_BOT_TOKEN})`);
const stop = () => void telegram.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
