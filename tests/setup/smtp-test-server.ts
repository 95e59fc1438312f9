import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export type SmtpTestServer = {
  /** For SMTP_URL: smtp://127.0.0.1:<port> */
  url: string;
  /** Every message accepted so far, parsed (headers, text, HTML, recipients). */
  messages: Array<{ to: string[]; parsed: ParsedMail }>;
  stop(): Promise<void>;
};

/**
 * A real SMTP server (the smtp-server package) on 127.0.0.1, no TLS and no login, keeping what
 * it accepts: on a free port, or on `port` (a server configured in advance with SMTP_URL points
 * there). Recipients for which `refuse` is true get "550 No such user".
 */
export async function startSmtpTestServer(
  options: { refuse?: (address: string) => boolean; port?: number } = {},
): Promise<SmtpTestServer> {
  const messages: SmtpTestServer["messages"] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.refuse?.(address.address)) {
        return callback(Object.assign(new Error("No such user here"), { responseCode: 550 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), parsed });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", resolve);
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
