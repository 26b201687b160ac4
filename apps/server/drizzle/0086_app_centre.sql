-- 应用中心: the platform's catalogue of add-ons (one row each, the platform edits its words and
-- whether it is listed) and each enterprise's switch. An enterprise without a row has the add-on
-- on: every enterprise that uses one today keeps it.
CREATE TABLE "app_products" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"price_text" text DEFAULT '' NOT NULL,
	"is_listed" boolean DEFAULT true NOT NULL,
	"is_built" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "app_products" ("code", "name", "description", "price_text", "is_built", "sort") VALUES
	('call_analysis', 'AI 智能分析', '通话结束后自动分析录音：双方说话时长、抢话和静默、语速与情绪，转写文字并给出摘要和要点，帮助主管复盘通话、提升话术。', '按分析时长计费，见线路资费', true, 10),
	('clue', '企业线索', '按行业、地区、规模等条件查找企业，解锁联系方式后一键转为客户；支持批量匹配企业名单。', '按解锁企业数扣减线索额度', true, 20),
	('open_platform', '开放平台', '通过 Webhook 把通话、录音、客户、跟进和订单事件推送到您的系统，并用 API 密钥调用开放接口读取数据。', '免费', true, 30),
	('tencent_ec', '腾讯EC 同步', '把客户、跟进记录和通话记录（含录音链接）同步到腾讯EC，并从腾讯EC拉取客户变更。', '待定', false, 40);
--> statement-breakpoint
CREATE TABLE "tenant_apps" (
	"tenant_id" bigint NOT NULL REFERENCES "tenants"("id"),
	"app_code" text NOT NULL REFERENCES "app_products"("code"),
	"is_on" boolean NOT NULL,
	"changed_by" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("tenant_id", "app_code")
);
--> statement-breakpoint
SELECT enable_tenant_isolation('tenant_apps');
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'yunhu_app') THEN
    GRANT SELECT, UPDATE ON app_products TO yunhu_app;
    GRANT SELECT, INSERT, UPDATE, DELETE ON tenant_apps TO yunhu_app;
  END IF;
END $$;
