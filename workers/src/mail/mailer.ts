import nodemailer from 'nodemailer';
import type { MailAttachment } from './queue';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  attachments?: MailAttachment[];
  /** Our id for the message; becomes the Message-ID header's local part. */
  messageId: string;
}

/** Delivers one message or throws; the mail processor decides about retries. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export interface SmtpTimeouts {
  /** Wait for the TCP (or TLS) connection. Default 10 s. */
  connectionTimeoutMs?: number;
  /** Wait for the server's greeting once connected. Default 10 s. */
  greetingTimeoutMs?: number;
  /** Inactivity allowed during the conversation. Default 20 s. */
  socketTimeoutMs?: number;
}

/** Throws one line naming SMTP_URL when the value is not an smtp:// or smtps:// URL. */
export function checkSmtpUrl(smtpUrl: string): URL {
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    throw new Error(`SMTP_URL is not a valid URL: "${smtpUrl}"`);
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new Error(`SMTP_URL must start with smtp:// or smtps:// (got "${url.protocol}//")`);
  }
  if (!url.hostname) throw new Error('SMTP_URL must name a host');
  return url;
}

/**
 * nodemailer over SMTP. One connection per message (no pool), so a server that was down is simply
 * tried again on the next attempt. smtps:// is TLS from the start; smtp:// upgrades with STARTTLS
 * when the server offers it. nodemailer's URL query options (e.g. ?tls.rejectUnauthorized=false)
 * pass through.
 */
export function createSmtpMailer(smtpUrl: string, timeouts: SmtpTimeouts = {}): Mailer {
  checkSmtpUrl(smtpUrl);
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeouts.connectionTimeoutMs ?? 10_000,
    greetingTimeout: timeouts.greetingTimeoutMs ?? 10_000,
    socketTimeout: timeouts.socketTimeoutMs ?? 20_000,
  });
  return {
    async send(mail) {
      const domain = mail.from.match(/@([^>\s]+)/)?.[1] ?? 'medchest.local';
      await transport.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        ...(mail.attachments?.length
          ? { attachments: mail.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.contentBase64, 'base64') })) }
          : {}),
        messageId: `<${mail.messageId}@${domain}>`,
      });
    },
    close: () => transport.close(),
  };
}
