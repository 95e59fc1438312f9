import { randomUUID } from "node:crypto";
import pg from "pg";
import type { Logger } from "pino";

/**
 * Change notices between the instances on one PostgreSQL database, over LISTEN/NOTIFY: a write on
 * one instance makes every other instance forget what it keeps in memory (its shared pages, its
 * cached counts) within one round trip instead of at the end of their lifetime.
 *
 * - `publish` sends through the query pool (`pg_notify`), fire and forget: a notice that cannot be
 *   sent (PostgreSQL down) is logged; the others will forget everything when they reconnect.
 * - Every instance LISTENs on a connection of its own. When that connection drops (a PostgreSQL
 *   restart) it reconnects with a growing pause, and then tells its listeners to forget
 *   everything: notices sent meanwhile were lost.
 * - An instance ignores its own notices (it has already forgotten locally).
 * - On the embedded database there is one process: publishing and listening do nothing.
 */
export type ChangeNotice =
  /** A request that may have written was answered: shared pages are out of date. */
  | { kind: "pages" }
  /** `cache.forget(prefix)` ran; "" is everything. */
  | { kind: "cache"; prefix: string }
  /** This account or anonymous visitor wrote: what is kept of their personal layer is out of date. */
  | { kind: "visitor"; subject: string }
  /** Accounts changed that are not the writer's own (sign-in, the operator): forget every visitor's. */
  | { kind: "visitors" };

export type ChangeNotices = {
  publish(notice: ChangeNotice): void;
  /** Notices from other instances; also `{ kind: "cache", prefix: "" }` after a reconnect. */
  subscribe(listener: (notice: ChangeNotice) => void): void;
  /** For the start-up log. */
  describe(): string;
  close(): Promise<void>;
};

export const CHANGE_CHANNEL = "kursusku_changes";
/** Names the listening connection in pg_stat_activity (operators, and the tests that cut it). */
export const LISTENER_APPLICATION_NAME = "kursusku-change-notices";
/** A silent death of the listening connection (no FIN, no RST) is noticed this fast. */
const PING_INTERVAL_MS = 10_000;
const FIRST_RETRY_MS = 100;
const MAX_RETRY_MS = 5_000;

export const noChangeNotices: ChangeNotices = {
  publish: () => undefined,
  subscribe: () => undefined,
  describe: () => "none (one process owns the embedded database)",
  close: async () => undefined,
};

type Envelope = ChangeNotice & { from: string };

export type PostgresChangeNoticeOptions = {
  connectionString: string;
  pool: pg.Pool;
  logger: Logger;
  /** Tests speed up the reconnect; production waits FIRST_RETRY_MS, doubling to MAX_RETRY_MS. */
  firstRetryMs?: number;
};

export async function startPostgresChangeNotices(
  options: PostgresChangeNoticeOptions,
): Promise<ChangeNotices> {
  const { connectionString, pool } = options;
  const logger = options.logger.child({ part: "change-notices" });
  const instance = randomUUID();
  const listeners: Array<(notice: ChangeNotice) => void> = [];
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = options.firstRetryMs ?? FIRST_RETRY_MS;
  let retryTimer: NodeJS.Timeout | undefined;
  let pingTimer: NodeJS.Timeout | undefined;

  const deliver = (notice: ChangeNotice) => {
    for (const listener of listeners) {
      try {
        listener(notice);
      } catch (error) {
        logger.error({ err: error }, "a change-notice listener failed");
      }
    }
  };

  const onMessage = (message: pg.Notification) => {
    if (message.channel !== CHANGE_CHANNEL || !message.payload) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(message.payload) as Envelope;
    } catch {
      return;
    }
    if (envelope.from === instance) return;
    if (envelope.kind === "pages") deliver({ kind: "pages" });
    else if (envelope.kind === "cache" && typeof envelope.prefix === "string")
      deliver({ kind: "cache", prefix: envelope.prefix });
    else if (envelope.kind === "visitor" && typeof envelope.subject === "string")
      deliver({ kind: "visitor", subject: envelope.subject });
    else if (envelope.kind === "visitors") deliver({ kind: "visitors" });
  };

  /** Drops the connection (once) and schedules the next attempt. */
  const lost = (connection: pg.Client, error: unknown) => {
    if (client !== connection) return;
    client = null;
    clearInterval(pingTimer);
    connection.removeAllListeners("notification");
    void connection.end().catch(() => undefined);
    if (closed) return;
    logger.warn(
      { err: error, retryInMs: retryMs },
      "change notices: connection lost; reconnecting",
    );
    retryTimer = setTimeout(() => void connect(true), retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
  };

  async function connect(again: boolean): Promise<void> {
    const connection = new pg.Client({
      connectionString,
      keepAlive: true,
      application_name: LISTENER_APPLICATION_NAME,
    });
    client = connection;
    connection.on("error", (error) => lost(connection, error));
    connection.on("end", () => lost(connection, new Error("connection ended")));
    connection.on("notification", onMessage);
    try {
      await connection.connect();
      await connection.query(`LISTEN ${CHANGE_CHANNEL}`);
    } catch (error) {
      if (!again) {
        client = null;
        await connection.end().catch(() => undefined);
        throw error;
      }
      lost(connection, error);
      return;
    }
    if (closed || client !== connection) {
      await connection.end().catch(() => undefined);
      return;
    }
    retryMs = options.firstRetryMs ?? FIRST_RETRY_MS;
    pingTimer = setInterval(() => {
      connection.query("select 1").catch((error: unknown) => lost(connection, error));
    }, PING_INTERVAL_MS);
    pingTimer.unref();
    if (again) {
      logger.info("change notices: listening again; forgetting everything kept meanwhile");
      deliver({ kind: "cache", prefix: "" });
    }
  }

  await connect(false);

  const send = (notice: ChangeNotice): Promise<void> => {
    const payload = JSON.stringify({ ...notice, from: instance } satisfies Envelope);
    return pool.query("select pg_notify($1, $2)", [CHANGE_CHANNEL, payload]).then(
      () => undefined,
      (error: unknown) => logger.warn({ err: error }, "change notices: a notice could not be sent"),
    );
  };
  // Every write request publishes "pages": under load they are folded. While one is on its way,
  // later ones become a single follow-up sent after it, so the last write is always announced
  // after it committed (a notice skipped outright could leave a page rendered in between).
  let pagesInFlight = false;
  let pagesAgain = false;
  const sendPages = () => {
    pagesInFlight = true;
    void send({ kind: "pages" }).finally(() => {
      pagesInFlight = false;
      if (pagesAgain && !closed) {
        pagesAgain = false;
        sendPages();
      }
    });
  };

  return {
    publish(notice) {
      if (closed) return;
      if (notice.kind !== "pages") void send(notice);
      else if (pagesInFlight) pagesAgain = true;
      else sendPages();
    },
    subscribe(listener) {
      listeners.push(listener);
    },
    describe: () => `PostgreSQL LISTEN/NOTIFY on "${CHANGE_CHANNEL}"`,
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      clearInterval(pingTimer);
      const connection = client;
      client = null;
      await connection?.end().catch(() => undefined);
    },
  };
}
