-- Issue 40: the catalogue of certification codes (an admin lookup), and the employee number of each
-- failed import row (the error report names it). Existing codes are normalised (trimmed, upper case) and
-- every code already in use (required by a skill or held by an employee) enters the catalogue, so no
-- stored row becomes unknown; an administrator names (or deactivates) them afterwards.
CREATE TABLE "certification_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bu_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name_en" text NOT NULL,
	"name_ar" text,
	"description" text,
	"is_system" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certification_types_bu_code" UNIQUE("bu_id","code")
);
--> statement-breakpoint
ALTER TABLE "job_row_errors" ADD COLUMN "employee_number" text;--> statement-breakpoint
ALTER TABLE "certification_types" ADD CONSTRAINT "certification_types_bu_id_business_units_id_fk" FOREIGN KEY ("bu_id") REFERENCES "public"."business_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
DELETE FROM "skill_certification_requirements" a USING "skill_certification_requirements" b
 WHERE a.skill_id = b.skill_id AND a.ctid <> b.ctid
   AND upper(btrim(a.certification_code)) = upper(btrim(b.certification_code))
   AND a.certification_code <> upper(btrim(a.certification_code))
   AND (b.certification_code = upper(btrim(b.certification_code)) OR b.ctid < a.ctid);--> statement-breakpoint
UPDATE "skill_certification_requirements" SET certification_code = upper(btrim(certification_code))
 WHERE certification_code <> upper(btrim(certification_code));--> statement-breakpoint
UPDATE "certifications" SET certification_code = upper(btrim(certification_code))
 WHERE certification_code <> upper(btrim(certification_code));--> statement-breakpoint
INSERT INTO "certification_types" (bu_id, code, name_en, description)
SELECT DISTINCT bu_id, certification_code, certification_code, 'In use before the catalogue existed (migration 0021)'
  FROM (SELECT bu_id, certification_code FROM "skill_certification_requirements"
        UNION SELECT bu_id, certification_code FROM "certifications") AS used
ON CONFLICT (bu_id, code) DO NOTHING;
