CREATE TABLE "exchange_rates" (
	"base" text DEFAULT 'EUR' NOT NULL,
	"currency" text NOT NULL,
	"day" date NOT NULL,
	"rate" numeric NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_base_currency_day_pk" PRIMARY KEY("base","currency","day"),
	CONSTRAINT "exchange_rates_rate_positive" CHECK ("exchange_rates"."rate" > 0)
);
