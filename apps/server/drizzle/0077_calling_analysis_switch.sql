-- 呼叫管理's 智能分析 switch per staff member: whether his recorded calls are analysed (the signal
-- figures, and the transcript and reading where the operator turned those on). On unless switched off.
ALTER TABLE "calling_settings" ADD COLUMN "analysis" boolean DEFAULT true NOT NULL;
