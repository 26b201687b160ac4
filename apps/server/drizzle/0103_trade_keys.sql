-- Keys for distribution by tenant (docs/decisions/0105-past-one-machine.md): every primary key and
-- unique index of a tenant table holds tenant_id, after the key's own columns so a look-up by the key
-- alone (an id, a token, a carrier's call id) keeps its index; ids stay global serials. Each foreign key
-- between two tenant tables names the tenant on both sides, so a row can only point at its own
-- enterprise's rows; SET NULL clears only the reference, never tenant_id.
-- This part: orders, payments, refunds, the ledger, seats and packages. Transfers and changes of a
-- package between enterprises name each package with the enterprise that holds it.
ALTER TABLE "payments" DROP CONSTRAINT "payments_order_id_fkey";
--> statement-breakpoint
ALTER TABLE "seat_terms" DROP CONSTRAINT "seat_terms_seat_id_fkey";
--> statement-breakpoint
ALTER TABLE "refund_applications" DROP CONSTRAINT "refund_applications_seat_id_fkey";
--> statement-breakpoint
ALTER TABLE "packet_transfers" DROP CONSTRAINT "packet_transfers_from_packet_id_fkey";
--> statement-breakpoint
ALTER TABLE "packet_transfers" DROP CONSTRAINT "packet_transfers_to_packet_id_fkey";
--> statement-breakpoint
ALTER TABLE "channel_refunds" DROP CONSTRAINT "channel_refunds_application_id_fkey";
--> statement-breakpoint
ALTER TABLE "channel_refunds" DROP CONSTRAINT "channel_refunds_order_id_fkey";
--> statement-breakpoint
ALTER TABLE "packet_changes" DROP CONSTRAINT "packet_changes_from_packet_id_fkey";
--> statement-breakpoint
ALTER TABLE "packet_changes" DROP CONSTRAINT "packet_changes_to_packet_id_fkey";
--> statement-breakpoint
ALTER TABLE "packet_users" DROP CONSTRAINT "packet_users_packet_id_fkey";
--> statement-breakpoint
ALTER TABLE "calling_settings" DROP CONSTRAINT "calling_settings_pkey", ADD CONSTRAINT "calling_settings_pkey" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "channel_refunds" DROP CONSTRAINT "channel_refunds_pkey", ADD CONSTRAINT "channel_refunds_pkey" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
DROP INDEX "channel_refunds_refund_no_idx";
--> statement-breakpoint
CREATE UNIQUE INDEX channel_refunds_refund_no_idx ON channel_refunds (refund_no, tenant_id);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_pkey", ADD CONSTRAINT "ledger_entries_pkey" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
DROP INDEX "ledger_entries_kind_biz_idx";
--> statement-breakpoint
CREATE UNIQUE INDEX ledger_entries_kind_biz_idx ON ledger_entries (kind, biz_type, biz_key, tenant_id);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_pkey", ADD CONSTRAINT "orders_pkey" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
DROP INDEX "orders_order_no_idx";
--> statement-breakpoint
CREATE UNIQUE INDEX orders_order_no_idx ON orders (order_no, tenant_id);
--> statement-breakpoint
ALTER TABLE "packet_users" DROP CONSTRAINT "packet_users_pk", ADD CONSTRAINT "packet_users_pk" PRIMARY KEY ("packet_id", "user_id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "packets" DROP CONSTRAINT "packets_pkey", ADD CONSTRAINT "packets_pkey" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
DROP INDEX "packets_order_item_idx";
--> statement-breakpoint
CREATE UNIQUE INDEX packets_order_item_idx ON packets (order_id, order_item, tenant_id);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_pkey", ADD CONSTRAINT "payments_pkey" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
DROP INDEX "payments_out_trade_no_idx";
--> statement-breakpoint
CREATE UNIQUE INDEX payments_out_trade_no_idx ON payments (out_trade_no, tenant_id);
--> statement-breakpoint
ALTER TABLE "refund_applications" DROP CONSTRAINT "refund_applications_pkey", ADD CONSTRAINT "refund_applications_pkey" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
DROP INDEX "refund_applications_apply_no_idx";
--> statement-breakpoint
CREATE UNIQUE INDEX refund_applications_apply_no_idx ON refund_applications (apply_no, tenant_id);
--> statement-breakpoint
DROP INDEX "refund_applications_seat_pending_idx";
--> statement-breakpoint
CREATE UNIQUE INDEX refund_applications_seat_pending_idx ON refund_applications (seat_id, tenant_id) WHERE (state = 'pending'::text);
--> statement-breakpoint
ALTER TABLE "seat_terms" DROP CONSTRAINT "seat_terms_pkey", ADD CONSTRAINT "seat_terms_pkey" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
DROP INDEX "seat_terms_order_seat_idx";
--> statement-breakpoint
CREATE UNIQUE INDEX seat_terms_order_seat_idx ON seat_terms (order_id, seat_id, tenant_id);
--> statement-breakpoint
ALTER TABLE "seats" DROP CONSTRAINT "seats_pkey", ADD CONSTRAINT "seats_pkey" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
DROP INDEX "seats_order_item_idx";
--> statement-breakpoint
CREATE UNIQUE INDEX seats_order_item_idx ON seats (order_id, order_item, tenant_id);
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_fkey" FOREIGN KEY ("tenant_id", "order_id") REFERENCES "orders"("tenant_id", "id");
--> statement-breakpoint
ALTER TABLE "seat_terms" ADD CONSTRAINT "seat_terms_seat_id_fkey" FOREIGN KEY ("tenant_id", "seat_id") REFERENCES "seats"("tenant_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "refund_applications" ADD CONSTRAINT "refund_applications_seat_id_fkey" FOREIGN KEY ("tenant_id", "seat_id") REFERENCES "seats"("tenant_id", "id") ON DELETE SET NULL ("seat_id");
--> statement-breakpoint
ALTER TABLE "packet_transfers" ADD CONSTRAINT "packet_transfers_from_packet_id_fkey" FOREIGN KEY ("from_tenant_id", "from_packet_id") REFERENCES "packets"("tenant_id", "id");
--> statement-breakpoint
ALTER TABLE "packet_transfers" ADD CONSTRAINT "packet_transfers_to_packet_id_fkey" FOREIGN KEY ("to_tenant_id", "to_packet_id") REFERENCES "packets"("tenant_id", "id");
--> statement-breakpoint
ALTER TABLE "channel_refunds" ADD CONSTRAINT "channel_refunds_application_id_fkey" FOREIGN KEY ("tenant_id", "application_id") REFERENCES "refund_applications"("tenant_id", "id");
--> statement-breakpoint
ALTER TABLE "channel_refunds" ADD CONSTRAINT "channel_refunds_order_id_fkey" FOREIGN KEY ("tenant_id", "order_id") REFERENCES "orders"("tenant_id", "id");
--> statement-breakpoint
ALTER TABLE "packet_changes" ADD CONSTRAINT "packet_changes_from_packet_id_fkey" FOREIGN KEY ("enterprise_id", "from_packet_id") REFERENCES "packets"("tenant_id", "id");
--> statement-breakpoint
ALTER TABLE "packet_changes" ADD CONSTRAINT "packet_changes_to_packet_id_fkey" FOREIGN KEY ("enterprise_id", "to_packet_id") REFERENCES "packets"("tenant_id", "id");
--> statement-breakpoint
ALTER TABLE "packet_users" ADD CONSTRAINT "packet_users_packet_id_fkey" FOREIGN KEY ("tenant_id", "packet_id") REFERENCES "packets"("tenant_id", "id") ON DELETE CASCADE;
