DROP INDEX "business_cards_user_id_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "business_cards_user_id_key" ON "business_cards" USING btree ("user_id");--> statement-breakpoint
-- Designs become a layout (style) with colours and a heading font; alignment is the layout's own.
UPDATE "business_card_designs" SET "layout" = ("layout" - 'align') || jsonb_build_object(
  'style', CASE "name"
    WHEN 'Midnight Gold' THEN 'bold'
    WHEN 'Peacock Teal' THEN 'bold'
    WHEN 'Minimal Mono' THEN 'minimal'
    WHEN 'Saffron Fresh' THEN 'festive'
    ELSE 'classic' END,
  'font', CASE WHEN "name" = 'Saffron Fresh' THEN 'display' WHEN "layout"->>'font' = 'serif' THEN 'serif' ELSE 'sans' END
) WHERE NOT ("layout" ? 'style');
