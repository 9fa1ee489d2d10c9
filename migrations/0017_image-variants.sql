CREATE TABLE "image_variants" (
	"key" text PRIMARY KEY NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"placeholder" text NOT NULL,
	"variants" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "image_variants_size_positive" CHECK ("image_variants"."width" > 0 and "image_variants"."height" > 0),
	CONSTRAINT "image_variants_placeholder_length" CHECK (char_length("image_variants"."placeholder") <= 200)
);
