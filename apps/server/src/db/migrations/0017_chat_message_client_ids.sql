ALTER TABLE "chat_messages" ADD COLUMN "client_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_client_id_key" ON "chat_messages" USING btree ("client_id");