import { ConfigError, loadConfig, type Config } from "./config";

/**
 * The configuration, or the process ends: a bad setting prints its one readable sentence and
 * exits with `exitCode` (the server 1, the operator CLIs 2), never a stack trace. Any other
 * failure is thrown as it is.
 */
export function loadConfigOrExit(exitCode: number): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(exitCode);
    }
    throw error;
  }
}
