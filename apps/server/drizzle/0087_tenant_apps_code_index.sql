-- An add-on's switches by its code: the foreign key to the catalogue has its index (a catalogue
-- row's delete or key change looks its switches up by it instead of reading them all).
CREATE INDEX "tenant_apps_app_code_idx" ON "tenant_apps" ("app_code");
