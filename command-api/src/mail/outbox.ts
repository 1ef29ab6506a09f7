/**
 * How the API hands a message to the product's mail path (the workers' mail queue: delivered over
 * SMTP_URL or recorded, and logged as EmailDispatched like every other mail). Most mails start
 * from an event, through a reactor; a sign-in code cannot (the code must never be in the
 * permanent log), so the API queues it itself through this port. app/ wires it to the queue.
 */
export interface OutgoingMessage {
  to: string;
  subject: string;
  text: string;
  /** Which template produced it (recorded with the outcome). */
  template: string;
  /** What caused it (recorded as the outcome's causation id): here the code request's id. */
  causationEventId: string;
  correlationId: string;
}

export interface MailOutbox {
  /** Queue one message under a unique id (queuing it again with that id sends it once). */
  send(messageId: string, message: OutgoingMessage): Promise<void>;
}

/** Without a mail path (API-only tests): messages kept in memory, for the test to read. */
export function createMemoryOutbox(): MailOutbox & { sent: (OutgoingMessage & { messageId: string })[] } {
  const sent: (OutgoingMessage & { messageId: string })[] = [];
  return {
    sent,
    async send(messageId, message) {
      if (!sent.some((m) => m.messageId === messageId)) sent.push({ ...message, messageId });
    },
  };
}
