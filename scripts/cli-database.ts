import { pino } from "pino";
import type { Config } from "../server/config";
import { loadConfigOrExit } from "../server/config-or-exit";
import { acquireDataDirLock, readDataDirOwner, type DataDirOwner } from "../server/data-dir-lock";
import { OPS_TOKEN_HEADER } from "../server/ops-endpoint";
import { ValidationError } from "../server/domain/common/errors";
import { createServices, type Services } from "../server/services";

/**
 * How a command-line tool reaches the data: on PostgreSQL it just connects; on
 * the embedded database it asks the running server to do the work, and only opens the files
 * itself when no server owns them.
 */
export type CliTarget =
  | { kind: "server"; owner: DataDirOwner & { port: number; token: string } }
  | { kind: "direct"; services: Services; close(): Promise<void> };

/**
 * For the commands that work on the embedded database's files (backup, restore): the one file
 * argument and the configuration, or exit 2 with the usage or with `onPostgres` when
 * DATABASE_URL says there is no embedded database.
 */
export function readEmbeddedFileCommand(
  usage: string,
  onPostgres: string,
): { file: string; config: Config } {
  const [file] = process.argv.slice(2);
  if (!file || file.startsWith("-")) {
    console.error(usage);
    process.exit(2);
  }
  const config = readCliConfig();
  if (config.databaseUrl) {
    console.error(onPostgres);
    process.exit(2);
  }
  return { file, config };
}

/** The operator CLIs' configuration: a bad setting exits 2, as a bad command line does. */
export function readCliConfig(): Config {
  return loadConfigOrExit(2);
}

export async function openCliTarget(config: Config): Promise<CliTarget> {
  if (!config.databaseUrl) {
    const owner = readDataDirOwner(config.dataDir);
    if (owner?.role === "server" && owner.port && owner.token) {
      return { kind: "server", owner: { ...owner, port: owner.port, token: owner.token } };
    }
    if (owner) {
      throw new Error(
        `Another command (pid ${owner.pid}) is using ${config.dataDir}. Wait for it to finish and try again.`,
      );
    }
  }
  const lock = config.databaseUrl ? undefined : acquireDataDirLock(config.dataDir, "cli");
  const handle = await createServices(config, pino({ level: "warn" }));
  return {
    kind: "direct",
    services: handle.services,
    close: async () => {
      await handle.close();
      lock?.release();
    },
  };
}

/** Hands an operation to the server that owns the embedded database (loopback, by token). */
export function postToServer(
  owner: { port: number; token: string },
  operation: string,
  body: unknown,
): Promise<Response> {
  return fetch(`http://127.0.0.1:${owner.port}/internal/ops/${operation}`, {
    method: "POST",
    headers: { "content-type": "application/json", [OPS_TOKEN_HEADER]: owner.token },
    body: JSON.stringify(body),
  });
}

export async function callServer<T>(
  owner: { port: number; token: string },
  operation: string,
  body: unknown,
): Promise<T> {
  const response = await postToServer(owner, operation, body);
  const payload = (await response.json()) as T & { error?: { message: string } };
  if (!response.ok) throw new Error(payload.error?.message ?? `server answered ${response.status}`);
  return payload;
}

/**
 * Runs an operator command: its error is printed; a wrong request (a ValidationError, or an
 * option node:util parseArgs refuses with an ERR_PARSE_ARGS_* code) exits 2 with the usage, as
 * `ingest` does; anything else exits 1.
 */
export function runCommand(main: () => Promise<void>, usage: string): void {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    if (isUsageError(error)) {
      console.log(`\n${usage}`);
      process.exit(2);
    }
    process.exit(1);
  });
}

function isUsageError(error: unknown): boolean {
  if (error instanceof ValidationError) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.startsWith("ERR_PARSE_ARGS");
}
