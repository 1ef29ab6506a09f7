import { sql, type ColumnType, type Kysely, type Migration } from 'kysely';
import type { Timestamp } from '../vessels/migration';

/** One row per order, as its stream leaves it. */
export interface OrdersTable {
  id: string;
  order_number: string;
  vessel_id: string;
  /** The vessel's name and IMO number when the order was made. */
  vessel_name: string;
  imo_number: string;
  status: string;
  supplier_name: string | null;
  supplier_email: string | null;
  notes: string | null;
  /** YYYY-MM-DD */
  expiry_threshold: string;
  created_by: string | null;
  created_at: Timestamp;
  /** When the vendor was assigned (the order sent to the supplier). */
  sent_at: Timestamp | null;
  updated_at: Timestamp;
}

export interface OrderItemsTable {
  id: string;
  order_id: string;
  /** The item's place in the order, as created. */
  position: number;
  scale_id: string;
  scale_description: string;
  required_quantity: number;
  current_inventory: number;
  order_quantity: number;
  unit_cost: number | null;
  received_quantity: number;
}

/** Every move of every order (the detail dialog's status history); the row id is the event id. */
export interface OrderStatusHistoryTable {
  id: string;
  order_id: string;
  from_status: string;
  to_status: string;
  changed_by: string | null;
  /** fleet | supplier */
  actor: string;
  changed_at: Timestamp;
  /** The event's log position: the order of moves made in the same instant. */
  log_commit: ColumnType<string, bigint | string, bigint | string>;
  log_event: ColumnType<string, bigint | string, bigint | string>;
}

/** One row per received item (its batch id): the received quantities are summed from these. */
export interface OrderReceiptsTable {
  batch_id: string;
  order_id: string;
  order_item_id: string;
  quantity_received: number;
  received_at: Timestamp;
}

export const ordersMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('orders')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('order_number', 'text', (c) => c.notNull())
      .addColumn('vessel_id', 'text', (c) => c.notNull())
      .addColumn('vessel_name', 'text', (c) => c.notNull())
      .addColumn('imo_number', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('supplier_name', 'text')
      .addColumn('supplier_email', 'text')
      .addColumn('notes', 'text')
      .addColumn('expiry_threshold', 'date', (c) => c.notNull())
      .addColumn('created_by', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('sent_at', 'timestamptz')
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await sql`CREATE INDEX orders_newest_idx ON orders (created_at DESC, id)`.execute(db);
    await sql`CREATE INDEX orders_vessel_idx ON orders (vessel_id)`.execute(db);
    await sql`CREATE INDEX orders_supplier_idx ON orders (lower(supplier_name))`.execute(db);
    await db.schema
      .createTable('order_items')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('order_id', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('scale_id', 'text', (c) => c.notNull())
      .addColumn('scale_description', 'text', (c) => c.notNull())
      .addColumn('required_quantity', 'double precision', (c) => c.notNull())
      .addColumn('current_inventory', 'double precision', (c) => c.notNull())
      .addColumn('order_quantity', 'integer', (c) => c.notNull())
      .addColumn('unit_cost', 'double precision')
      .addColumn('received_quantity', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`CREATE INDEX order_items_order_idx ON order_items (order_id, position)`.execute(db);
    await db.schema
      .createTable('order_status_history')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('order_id', 'text', (c) => c.notNull())
      .addColumn('from_status', 'text', (c) => c.notNull())
      .addColumn('to_status', 'text', (c) => c.notNull())
      .addColumn('changed_by', 'text')
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('changed_at', 'timestamptz', (c) => c.notNull())
      .addColumn('log_commit', 'bigint', (c) => c.notNull())
      .addColumn('log_event', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('order_receipts')
      .addColumn('batch_id', 'text', (c) => c.primaryKey())
      .addColumn('order_id', 'text', (c) => c.notNull())
      .addColumn('order_item_id', 'text', (c) => c.notNull())
      .addColumn('quantity_received', 'integer', (c) => c.notNull())
      .addColumn('received_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await sql`CREATE INDEX order_receipts_item_idx ON order_receipts (order_item_id)`.execute(db);
    await sql`CREATE INDEX order_status_history_order_idx ON order_status_history (order_id, log_commit, log_event)`.execute(db);
  },
};
