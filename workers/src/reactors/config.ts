/** What reactors may need to render their jobs. */
export interface ReactorConfig {
  /** Where users reach the product (links in mails), e.g. https://medchest.example. */
  appUrl: string;
}
