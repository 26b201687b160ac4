import type {
  TCallAnalysisState,
  TCallInsight,
  TCallQuality,
  TCallSignalFigures,
  TCallTranscript,
  TExtractionFieldType,
  TQualityRuleDef,
} from '@yunhu/contract';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ref, sameTenant, tenantId, tenantTable, ts } from '../../db/columns.js';
import { callRecords } from '../call/call.schema.js';

export type TStoredInsight = { insight: TCallInsight | null; note: string };

/**
 * 通话分析 (migration 0074): one row per recorded call, its state on the job queue and, once done,
 * the signal figures of its stereo recording (docs/decisions/0092-call-signal-analysis.md).
 */
export const callAnalyses = tenantTable(
  'call_analyses',
  {
    callRecordId: ref('call_record_id').notNull(),
    state: text('state').$type<TCallAnalysisState>().notNull().default('pending'),
    /** Why the last run failed, '' otherwise: shown with 失败, kept while a retry waits. */
    errorReason: text('error_reason').notNull().default(''),
    attempts: integer('attempts').notNull().default(0),
    /** Runs that finished (migration 0082): the number of the one finishing keys its charge. */
    finishedRuns: integer('finished_runs').notNull().default(0),
    figures: jsonb('figures').$type<TCallSignalFigures>(),
    /** The speech-to-text's result (migration 0076); null where it is off. */
    transcript: jsonb('transcript').$type<TCallTranscript>(),
    /** The analyst's reading, or why there is none; null where it is off. */
    insight: jsonb('insight').$type<TStoredInsight>(),
    /** The enterprise's quality rules and extraction fields on the call (migration 0094); null before. */
    quality: jsonb('quality').$type<TCallQuality>(),
    analysedAt: ts('analysed_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    sameTenant('call_analyses_call_record_id_fkey', t, t.callRecordId, callRecords, 'cascade'),
    uniqueIndex('call_analyses_call_record_idx').on(t.callRecordId, t.tenantId),
    index('call_analyses_tenant_created_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc()),
    index('call_analyses_tenant_state_created_idx').on(t.tenantId, t.state, t.createdAt.desc(), t.id.desc()),
    // The job's look-up of what is due, whatever the enterprise.
    index('call_analyses_due_idx').on(t.id).where(sql`state IN ('pending', 'running')`),
  ],
);

/** 质检规则 (migration 0094): what a rule checks lives in `rule`, its kind inside. */
export const callQualityRules = tenantTable(
  'call_quality_rules',
  {
    name: text('name').notNull(),
    isEnabled: boolean('is_enabled').notNull().default(true),
    rule: jsonb('rule').$type<TQualityRuleDef>().notNull(),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('call_quality_rules_name_idx').on(t.tenantId, t.name)],
);

/** 提取字段 (migration 0094): what the analyst fills per call. */
export const callExtractionFields = tenantTable(
  'call_extraction_fields',
  {
    name: text('name').notNull(),
    type: text('type').$type<TExtractionFieldType>().notNull(),
    options: text('options').array().notNull().default(sql`'{}'::text[]`),
    hint: text('hint').notNull().default(''),
    keywords: text('keywords').array().notNull().default(sql`'{}'::text[]`),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('call_extraction_fields_name_idx').on(t.tenantId, t.name)],
);

/** 分析范围 (migration 0094): the lines whose calls are analysed; no row, or null, every line. */
export const callAnalysisScopes = pgTable(
  'call_analysis_scopes',
  {
    tenantId: tenantId(),
    lineIds: ref('line_ids').array(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId] })],
);
