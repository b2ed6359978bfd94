CREATE TABLE "feed_rematch_queue" (
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"queued_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "feed_rematch_queue_kind_key_pk" PRIMARY KEY("kind","key"),
	CONSTRAINT "feed_rematch_queue_kind_chk" CHECK ("feed_rematch_queue"."kind" in ('package', 'vulnerability', 'orphan'))
);
