/**
 * The CSV upload's columns, apart from the reader (csv.ts) so that a page can name them without
 * loading papaparse: the web loads the reader only when a file is uploaded or a template made.
 */
export const INVENTORY_CSV_REQUIRED_HEADERS = ['scaleid', 'quantityonboard'] as const;
/** Every header the parser reads (lower case). Others are ignored. */
export const INVENTORY_CSV_HEADERS = [
  ...INVENTORY_CSV_REQUIRED_HEADERS,
  'batchnumber',
  'productname',
  'expirydate',
  'conditionnotes',
  'notes',
] as const;
