import cluster, { type Worker } from "node:cluster";
import type { Logger } from "pino";

/**
 * `npm start` on PostgreSQL uses every core: this primary process forks WEB_CONCURRENCY workers,
 * each a whole server (its own pool, memory cache, shared pages and scheduler; ticks are claimed
 * once in the database), listening on the same port, which node:cluster hands out round robin.
 * The primary serves nothing and never opens the database. It:
 * - replaces a worker that dies after it was listening (a crash, a kill -9), at most
 *   MAX_RESTARTS in RESTART_WINDOW_MS, after which something is wrong with the machine and it stops;
 * - stops everything when a worker dies before listening: that is a start-up error (the
 *   configuration, the database) that every replacement would repeat;
 * - on SIGTERM or SIGINT passes SIGTERM on, lets each worker finish its in-flight requests and
 *   close its pool, and exits once all have gone (1 when any worker did not end cleanly).
 */
const MAX_RESTARTS = 10;
const RESTART_WINDOW_MS = 60_000;
/** Workers give up on in-flight requests after 10 s (index.ts); the primary waits a bit longer. */
const SHUTDOWN_GRACE_MS = 15_000;

export function runPrimary(count: number, logger: Logger): void {
  const log = logger.child({ role: "primary" });
  const listening = new WeakSet<Worker>();
  const restarts: number[] = [];
  let stopping = false;
  let exitCode = 0;

  const fork = () => cluster.fork();
  cluster.on("listening", (worker) => listening.add(worker));
  cluster.on("exit", (worker, code, signal) => {
    const clean = code === 0 && signal === null;
    if (stopping) {
      if (!clean) exitCode = 1;
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        log.info({ exitCode }, "all workers stopped; bye");
        process.exit(exitCode);
      }
      return;
    }
    if (!listening.has(worker)) {
      log.error(
        { pid: worker.process.pid, code, signal },
        "a worker stopped before it was listening; stopping the others",
      );
      stop(code && code > 0 ? code : 1);
      return;
    }
    const now = Date.now();
    restarts.push(now);
    while (restarts[0]! < now - RESTART_WINDOW_MS) restarts.shift();
    if (restarts.length > MAX_RESTARTS) {
      log.error({ restarts: restarts.length }, "workers keep dying; stopping");
      stop(1);
      return;
    }
    log.error({ pid: worker.process.pid, code, signal }, "a worker died; starting another");
    fork();
  });

  function stop(code: number) {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
    if (workers.length === 0) process.exit(exitCode);
    for (const worker of workers) worker.process.kill("SIGTERM");
    setTimeout(() => {
      log.error("workers did not stop in time; exiting");
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
  }

  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      log.info({ signal }, "shutting down the workers");
      stop(0);
    });
  }
  log.info({ workers: count }, "starting workers (one server each, on one port)");
  for (let index = 0; index < count; index += 1) fork();
}

/** True in the process that should fork workers rather than serve. */
export function isClusterPrimary(workers: number): boolean {
  return workers > 1 && cluster.isPrimary;
}
