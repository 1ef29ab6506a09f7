import type { EventStore } from '@medchest/eventstore';
import type { createReadModelDb } from '@medchest/projections';
/** What reactors may need to render their jobs. */
export interface ReactorConfig {
  /** Where users reach the product (links in mails), e.g. https://medchest.example. */
  appUrl: string;
  /** The event store, for reactors that read the causing stream to render their job. */
  store?: EventStore;
  /** The read models (a user's email for a reply-to). */
  readModels?: ReturnType<typeof createReadModelDb>;
  /** The HMAC key of supplier links: without it, orders are not mailed to suppliers. */
  supplierLinkSecret?: string;
  /** The key of password reset links (as the API's); without it no reset link is mailed. */
  passwordResetSecret?: string;
}
