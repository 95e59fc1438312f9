import nodemailer from "nodemailer";

/** One e-mail: HTML and plain text, with extra headers (List-Unsubscribe…). */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Stable for the same content, so a receiving system can drop a resent copy. */
  messageId: string;
  headers: Record<string, string>;
};

/**
 * - sent: the SMTP server accepted the message for the recipient;
 * - refused: the server refused the recipient for good (5xx to RCPT TO: no such address,
 *   mailbox disabled) — do not try that address again;
 * - failed: anything else (server unreachable, 4xx try-later, our own login refused): try again.
 */
export type MailOutcome =
  { status: "sent" } | { status: "refused"; reason: string } | { status: "failed"; reason: string };

export type Mailer = {
  describe(): string;
  send(message: MailMessage): Promise<MailOutcome>;
  close(): void;
};

type SmtpError = Error & {
  code?: string;
  responseCode?: number;
  response?: string;
  rejectedErrors?: SmtpError[];
};

/** The SMTP server of `url` (smtp:// or smtps://, with the login in the URL) through nodemailer. */
export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(options.url);
  const host = new URL(options.url).host;
  return {
    describe: () => `SMTP (${host})`,
    async send(message) {
      try {
        const info = await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          messageId: message.messageId,
          headers: message.headers,
        });
        if (info.accepted.length > 0) return { status: "sent" };
        return { status: "failed", reason: `not accepted: ${String(info.response)}` };
      } catch (error) {
        return classifyFailure(error as SmtpError);
      }
    },
    close: () => transport.close(),
  };
}

/** A 5xx for the recipient is final; every other failure may pass on a later try. */
function classifyFailure(error: SmtpError): MailOutcome {
  const recipientError = error.rejectedErrors?.[0];
  const responseCode = recipientError?.responseCode ?? error.responseCode;
  const reason = (recipientError?.response ?? error.response ?? error.message).slice(0, 300);
  const aboutRecipient = error.code === "EENVELOPE" || recipientError !== undefined;
  if (aboutRecipient && responseCode !== undefined && responseCode >= 500 && responseCode < 600) {
    return { status: "refused", reason };
  }
  return { status: "failed", reason };
}
