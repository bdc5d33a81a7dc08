-- Background jobs run once per period whatever the number of server processes: the process that
-- moves a job's last_run_at forward (one conditional upsert) runs it; the others skip that period.
CREATE TABLE "job_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"last_run_at" timestamp with time zone NOT NULL
);
