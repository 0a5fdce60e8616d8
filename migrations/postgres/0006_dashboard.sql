-- The dashboard layout's messages (see ../sqlite/0006_dashboard.sql).
-- Never edit this file once it has landed: add a new numbered migration instead.

ALTER TABLE games ADD COLUMN dashboard_message_id BIGINT;
ALTER TABLE games ADD COLUMN ping_message_id BIGINT;
